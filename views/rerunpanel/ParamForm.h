#pragma once
#include <QJsonObject>
#include <QWidget>
#include <functional>
#include <vector>

class QFormLayout;

namespace meshdiff::views {

// A recipe's parameters as a form: per parameter a label in words and a control by its type
// (the recipe's "param_fields"; resources/recipes/README.md): folder and file → a line edit with
// Browse…, program → the same (a name on the PATH also does), number → a spin box, choice → a
// drop-down, flag → a check box, text → a line edit. Without a type a parameter in "files" is a
// file, the one the recipe's "workdir" names a folder, a number a number. The recipe's
// "param_help" is every control's tooltip; a field's "hint" is a grey line under it. The fields
// come in the recipe's "param_order", the rest by name.
class ParamForm : public QWidget {
    Q_OBJECT
public:
    explicit ParamForm(QWidget* parent = nullptr);

    void setRecipe(const QJsonObject& recipe);
    // The parameters as the recipe keeps them (strings); an untouched number keeps its text ("1.0").
    QJsonObject values() const;
    bool isEmpty() const { return fields_.empty(); }

private:
    struct Field {
        QString name;
        std::function<QString()> read;
    };

    void addField(const QString& name, const QString& value, const QString& type, const QJsonObject& spec,
                  const QString& help);

    QFormLayout* form_;
    std::vector<Field> fields_;
};

}  // namespace meshdiff::views
