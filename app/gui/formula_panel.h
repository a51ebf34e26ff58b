#pragma once
// The calculator under a formula card: one field per parameter of formulas::Formula, model and
// device presets, every result with its unit and the intermediate terms, recomputed on each
// edit, and a Qt Charts plot where a picture helps (roofline, pipeline bubble, ZeRO memory).

#include <QString>
#include <QWidget>

#include <map>
#include <string>
#include <vector>

class QChartView;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace formulas {
struct Formula;
}

namespace app {

class FormulaPanel : public QWidget {
    Q_OBJECT
public:
    explicit FormulaPanel(QWidget* parent = nullptr);

    /// Builds the form for the formula with this id (formulas::all()); an unknown id shows a
    /// message instead.
    void showFormula(const QString& id);

private:
    struct Field {
        QLineEdit* edit = nullptr;    ///< numeric parameters
        QComboBox* choice = nullptr;  ///< choice parameters
        QLabel* error = nullptr;      ///< the field's message, naming the valid range
    };

    void clear();
    void applyModelPreset(int index);
    void applyDevicePreset(int index);
    void setFieldValue(const QString& name, double value);
    void recompute();
    void updateChart(const std::map<std::string, double>& values);

    const formulas::Formula* formula_ = nullptr;
    bool zh_ = false;       ///< Chinese labels when the system locale is Chinese
    bool filling_ = false;  ///< presets are filling fields: recompute once at the end
    QLabel* title_ = nullptr;
    QComboBox* models_ = nullptr;
    QComboBox* devices_ = nullptr;
    QGridLayout* fieldsLayout_ = nullptr;
    QGridLayout* resultsLayout_ = nullptr;
    QWidget* fieldsBox_ = nullptr;
    QWidget* resultsBox_ = nullptr;
    QChartView* chart_ = nullptr;
    std::vector<Field> fields_;
};

}  // namespace app
