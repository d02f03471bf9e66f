#include "rerunpanel/ParamForm.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>

#include "rerunpanel/CalmComboBox.h"
#include "rerunpanel/NumberField.h"
#include "rerunpanel/RichTooltip.h"

namespace meshdiff::views {
namespace {

// A tooltip as rich text, which Qt wraps (a plain-text tooltip is one line as wide as its text).

// "checkout" → "Checkout", "max_steps" → "Max steps": a parameter without a label of its own.
QString labelFromName(const QString& name) {
    QString words = name;
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    if (!words.isEmpty()) words[0] = words[0].toUpper();
    return words;
}

bool isNumber(const QString& text) {
    bool ok = false;
    text.toDouble(&ok);
    return ok;
}

// The type a recipe gives a parameter, or the one its place in the recipe implies.
QString fieldType(const QString& name, const QString& value, const QJsonObject& spec, const QJsonObject& recipe) {
    if (const QString type = spec.value("type").toString(); !type.isEmpty()) return type;
    if (recipe.value("files").toArray().contains(name)) return QStringLiteral("file");
    if (recipe.value("workdir").toString() == "{" + name + "}") return QStringLiteral("folder");
    if (isNumber(value)) return QStringLiteral("number");
    return QStringLiteral("text");
}

// A grey wrapped line under a field. Its height for its width does not reach a scroll area through
// the panel's layouts, so it asks for the height of the lines it takes at the width it has now.
class HintLabel : public QLabel {
public:
    explicit HintLabel(const QString& text) : QLabel(text) {
        setWordWrap(true);
        setAlignment(Qt::AlignLeft | Qt::AlignTop);
        setForegroundRole(QPalette::PlaceholderText);
    }
    bool hasHeightForWidth() const override { return false; }
    QSize sizeHint() const override { return {QLabel::sizeHint().width(), linesHeight()}; }
    QSize minimumSizeHint() const override { return {QLabel::minimumSizeHint().width(), linesHeight()}; }

protected:
    void resizeEvent(QResizeEvent* event) override {
        QLabel::resizeEvent(event);
        if (event->size().width() != event->oldSize().width()) updateGeometry();
    }

private:
    int linesHeight() const { return QLabel::heightForWidth(width() > 0 ? width() : QLabel::sizeHint().width()); }
};

// The recipe's "param_order" first, then the other parameters by name.
QStringList fieldOrder(const QJsonObject& recipe) {
    const QJsonObject params = recipe.value("params").toObject();
    QStringList order;
    for (const auto& item : recipe.value("param_order").toArray())
        if (params.contains(item.toString()) && !order.contains(item.toString())) order << item.toString();
    for (const QString& name : params.keys())
        if (!order.contains(name)) order << name;
    return order;
}

}  // namespace

ParamForm::ParamForm(QWidget* parent) : QWidget(parent) {
    form_ = new QFormLayout(this);
    form_->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void ParamForm::setRecipe(const QJsonObject& recipe) {
    while (form_->rowCount() > 0) form_->removeRow(0);
    fields_.clear();
    const QJsonObject params = recipe.value("params").toObject();
    const QJsonObject specs = recipe.value("param_fields").toObject();
    const QJsonObject help = recipe.value("param_help").toObject();
    for (const QString& name : fieldOrder(recipe)) {
        const QJsonObject spec = specs.value(name).toObject();
        const QString value = params.value(name).toString();
        addField(name, value, fieldType(name, value, spec, recipe), spec, help.value(name).toString());
    }
}

void ParamForm::addField(const QString& name, const QString& value, const QString& type, const QJsonObject& spec,
                         const QString& help) {
    const QString tip = wrappedTip(help);
    QWidget* control = nullptr;
    QWidget* row = nullptr;
    std::function<QString()> read;
    if (type == "folder" || type == "file" || type == "program") {
        auto* edit = new QLineEdit(value);
        edit->setPlaceholderText(spec.value("placeholder").toString());
        auto* browse = new QPushButton(tr("Browse…"));
        browse->setObjectName("rerunParamBrowse_" + name);
        browse->setToolTip(tip);
        connect(browse, &QPushButton::clicked, edit, [this, edit, type, label = labelFromName(name)] {
            const QString chosen = type == "folder" ? QFileDialog::getExistingDirectory(this, label, edit->text())
                                                    : QFileDialog::getOpenFileName(this, label, edit->text());
            if (!chosen.isEmpty()) edit->setText(chosen);
        });
        auto* line = new QWidget;
        auto* layout = new QHBoxLayout(line);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(edit, 1);
        layout->addWidget(browse);
        control = edit;
        row = line;
        read = [edit] { return edit->text().trimmed(); };
    } else if (type == "number") {
        auto* spin = new NumberField;
        spin->setDecimals(spec.value("decimals").toInt(6));
        spin->setRange(spec.value("min").toDouble(-1e6), spec.value("max").toDouble(1e6));
        if (spec.contains("step")) spin->setSingleStep(spec.value("step").toDouble());
        spin->setValue(value.toDouble());
        const double start = spin->value();
        control = spin;
        // The recipe's own text while the value is untouched ("1.0" stays "1.0").
        read = [spin, value, start] {
            const bool untouched = isNumber(value) && value.toDouble() == start && spin->value() == start;
            return untouched ? value : QString::number(spin->value(), 'g', 10);
        };
    } else if (type == "choice") {
        auto* choices = new CalmComboBox;
        for (const auto& item : spec.value("choices").toArray()) {
            const QJsonObject choice = item.toObject();
            const QString stored = item.isString() ? item.toString() : choice.value("value").toString();
            choices->addItem(item.isString() ? stored : choice.value("label").toString(stored), stored);
        }
        if (choices->findData(value) < 0) choices->addItem(value, value);
        choices->setCurrentIndex(choices->findData(value));
        control = choices;
        read = [choices] { return choices->currentData().toString(); };
    } else if (type == "flag") {
        const QString on = spec.value("on").toString(QStringLiteral("true"));
        const QString off = spec.value("off").toString(QStringLiteral("false"));
        auto* box = new QCheckBox;
        box->setChecked(value == on);
        control = box;
        read = [box, on, off] { return box->isChecked() ? on : off; };
    } else {
        auto* edit = new QLineEdit(value);
        edit->setPlaceholderText(spec.value("placeholder").toString());
        control = edit;
        read = [edit] { return edit->text().trimmed(); };
    }
    control->setObjectName("rerunParam_" + name);
    control->setToolTip(tip);
    if (!row) row = control;

    auto* label = new QLabel(spec.value("label").toString(labelFromName(name)));
    label->setObjectName("rerunParamLabel_" + name);
    label->setToolTip(tip);
    label->setBuddy(control);
    form_->addRow(label, row);
    // The hint is a row of its own under the control, so that the form gives its wrapped lines room.
    if (const QString hint = spec.value("hint").toString(); !hint.isEmpty()) {
        auto* grey = new HintLabel(hint);
        grey->setObjectName("rerunParamHint_" + name);
        grey->setToolTip(tip);
        form_->addRow(static_cast<QWidget*>(nullptr), grey);
    }
    fields_.push_back({name, std::move(read)});
}

QJsonObject ParamForm::values() const {
    QJsonObject values;
    for (const Field& field : fields_) values[field.name] = field.read();
    return values;
}

}  // namespace meshdiff::views
