#include "pair/RolloutSession.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "background/BackgroundWork.h"
#include "compare/DiagnoseLead.h"

namespace meshdiff::pair {
namespace {

QString remainingText(double seconds) {
    if (seconds < 1) return QObject::tr("less than a second left");
    if (seconds < 90) return QObject::tr("about %1 s left").arg(std::lround(seconds));
    return QObject::tr("about %1 min left").arg(std::lround(seconds / 60));
}

}  // namespace

RolloutSession::RolloutSession(QObject* parent) : QObject(parent) {}

RolloutSession::~RolloutSession() {
    if (job_) job_->cancel = true;
    views::waitForBackgroundWork();  // its tasks capture this object
}

QStringList RolloutSession::leadLabels() const {
    QStringList labels;
    if (plan_) {
        for (std::size_t k = 0; k < plan_->leads.size(); ++k) labels << QString::fromStdString(leadLabel(*plan_, k));
    }
    return labels;
}

bool RolloutSession::leadsHaveHours() const {
    return plan_ && std::all_of(plan_->hours.begin(), plan_->hours.end(), [](const auto& h) { return h.has_value(); });
}

QStringList RolloutSession::memberLabels() const {
    QStringList labels;
    if (plan_ && plan_->members.size() > 1) {
        for (int number : plan_->members) labels << tr("member %1").arg(number);
    }
    return labels;
}

const RolloutLead* RolloutSession::lead(int index) const {
    return index >= 0 && index < int(leads_.size()) ? leads_[std::size_t(index)].get() : nullptr;
}

const std::vector<views::FieldRow>* RolloutSession::rows(int leadIndex, int member) const {
    const RolloutLead* l = lead(leadIndex);
    if (!l || member < 0 || member >= int(l->rows.size())) return nullptr;
    return &l->rows[std::size_t(member)];
}

FieldSlice RolloutSession::slice(int leadIndex, int member) const {
    if (!plan_ || leadIndex < 0 || leadIndex >= int(plan_->leads.size())) return {};
    FieldSlice s = plan_->leads[std::size_t(leadIndex)];
    s.member = std::size_t(std::max(0, member));
    return s;
}

void RolloutSession::clear() {
    if (job_) job_->cancel = true;
    job_.reset();
    ++generation_;
    views::releaseInBackground(std::exchange(plan_, nullptr));
    for (auto& lead : std::exchange(leads_, {})) views::releaseInBackground(std::move(lead));
}

void RolloutSession::start(std::shared_ptr<const LoadedPair> pair) {
    clear();
    if (!pair || !pair->fields) return;
    auto job = std::make_shared<Job>();
    job->generation = generation_;
    job_ = job;
    views::runInBackground([this, job, pair = std::move(pair)]() mutable { run(job, std::move(pair)); });
}

void RolloutSession::run(const std::shared_ptr<Job>& job, std::shared_ptr<const LoadedPair> pair) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    try {
        const Comparison& c = pair->comparison;
        const RolloutReader reader(pair->fields->a->path(), pair->fields->b->path(), pair->places, c.tolerance,
                                   pair->spreadFieldsFile, pair->fieldOptions);
        auto plan = std::make_shared<const RolloutPlan>(reader.plan());
        // The load compared the first lead (every member) already: it is not read again.
        std::optional<LeadComparison> first;
        if (c.fields && c.fields->perLead.size() == 1 && !plan->leads.empty() &&
            c.fields->perLead.front().index == plan->fileIndex.front())
            first = c.fields->perLead.front();
        const std::vector<Region> regions = c.fields ? c.fields->regions : std::vector<Region>{};
        const std::optional<Diagnosis> pairDiagnosis = c.diagnosis;
        pair.reset();  // the reader has what it needs; the window may drop the pair meanwhile
        views::postTo(this, [this, job, plan, regions] {
            if (job != job_) return;
            plan_ = plan;
            regions_ = regions;
            emit planReady();
        });
        if (!plan->isRollout()) {
            views::postTo(this, [this, job] { finish(job); });
            return;
        }
        const std::size_t count = plan->leads.size();
        for (std::size_t k = 0; k < count; ++k) {
            if (job->cancel.load()) return;
            RolloutLead compared =
                k == 0 && first ? rolloutLead(std::move(*first), regions) : reader.compareLead(k, job->cancel);
            if (pairDiagnosis) compared.diagnosis = diagnoseLead(*pairDiagnosis, compared.comparison, k);
            auto lead = std::make_shared<const RolloutLead>(std::move(compared));
            const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
            const double left = elapsed / double(k + 1) * double(count - k - 1);
            const int percent = int(100 * (k + 1) / count);
            const QString text =
                k + 1 == count
                    ? tr("Every lead compared")
                    : tr("Comparing the leads: %1 of %2 done, %3").arg(k + 1).arg(count).arg(remainingText(left));
            views::postTo(this, [this, job, lead = std::move(lead), k, percent, text]() mutable {
                if (job != job_) {
                    views::releaseInBackground(std::move(lead));
                    return;
                }
                leads_.push_back(std::move(lead));
                emit leadReady(int(k));
                emit progressChanged(percent, text);
            });
        }
        views::postTo(this, [this, job] { finish(job); });
    } catch (const LoadCancelled&) {
        // cancel() already told the window
    } catch (const std::exception& e) {
        views::postTo(this, [this, job, message = QString::fromStdString(e.what())] {
            if (job != job_) return;
            endJob();
            emit failed(message);
        });
    }
}

void RolloutSession::endJob() { job_.reset(); }

std::shared_ptr<const FieldsComparison> RolloutSession::everyLead() const {
    if (!isRollout() || isLoading() || leads_.size() != std::size_t(leadCount())) return nullptr;
    auto fields = std::make_shared<FieldsComparison>();
    for (const auto& lead : leads_) fields->perLead.push_back(lead->comparison);
    fields->regions = regions_;
    fields->showLead(0);
    return fields;
}

void RolloutSession::finish(const std::shared_ptr<Job>& job) {
    if (job != job_) return;
    endJob();
    emit finished();
}

void RolloutSession::cancel() {
    if (!job_) return;
    job_->cancel = true;
    endJob();
    emit cancelled();
}

}  // namespace meshdiff::pair
