#include "export/FigureTitle.h"

#include <QStringList>

namespace meshdiff::views {

QString defaultFigureTitle(const QString& field, MapMode mode, const QString& units, const QString& lead) {
    QString shown;
    switch (mode) {
        case MapMode::A: shown = QStringLiteral("A"); break;
        case MapMode::B: shown = QStringLiteral("B"); break;
        case MapMode::Difference: shown = QStringLiteral("A − B"); break;
        case MapMode::AbsDifference: shown = QStringLiteral("|A − B|"); break;
        case MapMode::SideBySide: break;
    }
    const QString inUnits = units.trimmed().isEmpty() ? QString() : QStringLiteral("(%1)").arg(units.trimmed());
    QStringList parts;
    if (!field.trimmed().isEmpty()) parts << field.trimmed();
    const QString what = QStringList{shown, inUnits}.join(QLatin1Char(' ')).trimmed();
    if (!what.isEmpty()) {
        if (shown.isEmpty() && !parts.isEmpty()) parts.back() += QLatin1Char(' ') + what;  // "t2m (K)"
        else parts << what;
    }
    if (!lead.trimmed().isEmpty()) parts << lead.trimmed();
    return parts.join(QStringLiteral(", "));
}

}  // namespace meshdiff::views
