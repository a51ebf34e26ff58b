#include "gui/formula_panel.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFont>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "formula.h"
#include "pipeline_bubble.h"
#include "presets.h"
#include "validation.h"
#include "zero_memory.h"

namespace app {

namespace {

QString text(const std::string& s)
{
    return QString::fromStdString(s);
}

QString numberText(double v)
{
    return text(formulas::formatNumber(v, 6));
}

QLogValueAxis* logAxis(const QString& title, double low, double high, int base = 10)
{
    auto* axis = new QLogValueAxis;
    axis->setTitleText(title);
    axis->setBase(base);
    axis->setRange(low, high);
    axis->setLabelFormat(base == 2 ? "%g" : "%g");
    axis->setMinorTickCount(base == 10 ? 8 : 0);
    return axis;
}

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

}  // namespace

FormulaPanel::FormulaPanel(QWidget* parent) : QWidget(parent)
{
    // The UI language (--lang or the setting; main() makes it the default locale), not the system one.
    const QLocale::Language lang = QLocale().language();
    zh_ = lang == QLocale::Chinese;

    auto* layout = new QVBoxLayout(this);
    title_ = new QLabel(this);
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    title_->setFont(bold);
    title_->setWordWrap(true);
    layout->addWidget(title_);

    auto* presetRow = new QHBoxLayout;
    models_ = new QComboBox(this);
    devices_ = new QComboBox(this);
    models_->addItem(tr("Model preset…"));
    for (const formulas::ModelPreset& m : formulas::modelPresets()) {
        models_->addItem(text(m.name));
        models_->setItemData(models_->count() - 1, text(m.source), Qt::ToolTipRole);
    }
    devices_->addItem(tr("GPU preset…"));
    for (const formulas::DevicePreset& d : formulas::devicePresets()) {
        devices_->addItem(text(d.name));
        devices_->setItemData(devices_->count() - 1, text(d.source), Qt::ToolTipRole);
    }
    presetRow->addWidget(models_);
    presetRow->addWidget(devices_);
    presetRow->addStretch();
    layout->addLayout(presetRow);
    connect(models_, &QComboBox::activated, this, &FormulaPanel::applyModelPreset);
    connect(devices_, &QComboBox::activated, this, &FormulaPanel::applyDevicePreset);

    auto* columns = new QHBoxLayout;
    fieldsBox_ = new QWidget(this);
    fieldsLayout_ = new QGridLayout(fieldsBox_);
    resultsBox_ = new QWidget(this);
    resultsLayout_ = new QGridLayout(resultsBox_);
    columns->addWidget(fieldsBox_, 3);
    columns->addWidget(resultsBox_, 2);
    layout->addLayout(columns);

    chart_ = new QChartView(this);
    chart_->setRenderHint(QPainter::Antialiasing);
    chart_->setMinimumHeight(280);
    layout->addWidget(chart_, 1);
}

void FormulaPanel::clear()
{
    for (QGridLayout* grid : {fieldsLayout_, resultsLayout_}) {
        while (QLayoutItem* item = grid->takeAt(0)) {
            delete item->widget();
            delete item;
        }
    }
    fields_.clear();
}

void FormulaPanel::showFormula(const QString& id)
{
    clear();
    formula_ = formulas::find(id.toStdString());
    if (formula_ == nullptr) {
        title_->setText(tr("No calculator for '%1'").arg(id));
        models_->hide();
        devices_->hide();
        chart_->hide();
        return;
    }
    title_->setText(zh_ ? text(formula_->titleZh) : text(formula_->titleEn));
    models_->setVisible(static_cast<bool>(formula_->fromModel));
    devices_->setVisible(static_cast<bool>(formula_->fromDevice));
    models_->setCurrentIndex(0);
    devices_->setCurrentIndex(0);

    int row = 0;
    for (const formulas::ParameterSpec& p : formula_->parameters) {
        Field field;
        QString label = zh_ ? text(p.labelZh) : text(p.labelEn);
        if (!p.unit.empty() && !p.isChoice())
            label += QStringLiteral(" [%1]").arg(text(p.unit));
        auto* name = new QLabel(label, fieldsBox_);
        name->setToolTip(text(p.name) + QStringLiteral(": ") + text(formulas::describeRange(p)));
        fieldsLayout_->addWidget(name, row, 0);
        if (p.isChoice()) {
            field.choice = new QComboBox(fieldsBox_);
            for (const formulas::Choice& c : p.choices) {
                field.choice->addItem(zh_ ? text(c.labelZh) : text(c.labelEn), c.value);
                if (c.value == p.defaultValue)
                    field.choice->setCurrentIndex(field.choice->count() - 1);
            }
            connect(field.choice, &QComboBox::currentIndexChanged, this, &FormulaPanel::recompute);
            fieldsLayout_->addWidget(field.choice, row, 1);
        } else {
            field.edit = new QLineEdit(numberText(p.defaultValue), fieldsBox_);
            field.edit->setObjectName(text(p.name));
            connect(field.edit, &QLineEdit::textChanged, this, &FormulaPanel::recompute);
            fieldsLayout_->addWidget(field.edit, row, 1);
        }
        field.error = new QLabel(fieldsBox_);
        field.error->setStyleSheet(QStringLiteral("color: #c62828;"));
        field.error->setWordWrap(true);
        fieldsLayout_->addWidget(field.error, row, 2);
        fields_.push_back(field);
        ++row;
    }
    fieldsLayout_->setColumnStretch(2, 1);
    fieldsLayout_->setRowStretch(row, 1);
    recompute();
}

void FormulaPanel::setFieldValue(const QString& name, double value)
{
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        if (text(formula_->parameters[i].name) != name)
            continue;
        if (fields_[i].choice) {
            const int index = fields_[i].choice->findData(value);
            if (index >= 0)
                fields_[i].choice->setCurrentIndex(index);
        } else {
            fields_[i].edit->setText(numberText(value));
        }
    }
}

void FormulaPanel::applyModelPreset(int index)
{
    if (formula_ == nullptr || !formula_->fromModel || index <= 0)
        return;
    filling_ = true;
    for (const auto& [name, value] : formula_->fromModel(formulas::modelPresets()[index - 1])) {
        setFieldValue(text(name), value);
    }
    filling_ = false;
    recompute();
}

void FormulaPanel::applyDevicePreset(int index)
{
    if (formula_ == nullptr || !formula_->fromDevice || index <= 0)
        return;
    filling_ = true;
    for (const auto& [name, value] : formula_->fromDevice(formulas::devicePresets()[index - 1])) {
        setFieldValue(text(name), value);
    }
    filling_ = false;
    recompute();
}

void FormulaPanel::recompute()
{
    if (formula_ == nullptr || filling_)
        return;
    while (QLayoutItem* item = resultsLayout_->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    formulas::Values values;
    bool valid = true;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        const formulas::ParameterSpec& p = formula_->parameters[i];
        Field& f = fields_[i];
        f.error->clear();
        if (f.choice) {
            values[p.name] = f.choice->currentData().toDouble();
            continue;
        }
        const formulas::Result<double> v = formulas::parseValue(p, f.edit->text().toStdString());
        if (v) {
            values[p.name] = v.value();
        } else {
            f.error->setText(text(v.error().message));
            valid = false;
        }
    }
    int row = 0;
    if (valid) {
        const formulas::Result<formulas::Results> results = formula_->compute(values);
        if (!results) {
            // A combination error (GQA groups, interleaved micro-batches) goes beside its field.
            for (std::size_t i = 0; i < fields_.size(); ++i) {
                if (formula_->parameters[i].name == results.error().parameter) {
                    fields_[i].error->setText(text(results.error().message));
                }
            }
            resultsLayout_->addWidget(new QLabel(text(results.error().message), resultsBox_), 0, 0, 1, 3);
            valid = false;
        } else {
            for (const formulas::ResultValue& r : results.value()) {
                auto* label = new QLabel(zh_ ? text(r.labelZh) : text(r.labelEn), resultsBox_);
                auto* value = new QLabel(numberText(r.value), resultsBox_);
                auto* unit = new QLabel(
                    text(r.unit) + (r.note.empty() ? QString() : QStringLiteral("  (%1)").arg(text(r.note))),
                    resultsBox_);
                value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
                value->setTextInteractionFlags(Qt::TextSelectableByMouse);
                QFont font = value->font();
                if (r.intermediate) {
                    // Intermediate terms in grey, so the user can check their own arithmetic.
                    for (QLabel* l : {label, value, unit})
                        l->setStyleSheet(QStringLiteral("color: #666;"));
                } else {
                    font.setBold(true);
                    value->setFont(font);
                }
                resultsLayout_->addWidget(label, row, 0);
                resultsLayout_->addWidget(value, row, 1);
                resultsLayout_->addWidget(unit, row, 2);
                ++row;
            }
        }
    }
    resultsLayout_->setRowStretch(row, 1);
    if (valid)
        updateChart(values);
    chart_->setEnabled(valid);
}

void FormulaPanel::updateChart(const std::map<std::string, double>& v)
{
    auto* chart = new QChart;
    chart->legend()->setAlignment(Qt::AlignBottom);
    const std::string& id = formula_->id;
    if (id == "roofline") {
        const double peak = v.at("peak_tflops");        // TFLOP/s
        const double bw = v.at("bandwidth_gbs") / 1e3;  // TB/s, so I x bw is in TFLOP/s
        const double ridge = peak / bw;
        const double ai = v.at("intensity");
        const double xLow = std::min({0.1, ai / 2, ridge / 100});
        const double xHigh = std::max({1e4, ai * 2, ridge * 100});
        auto* memory = new QLineSeries;
        memory->setName(tr("memory roof %1 GB/s").arg(numberText(v.at("bandwidth_gbs"))));
        memory->append(xLow, xLow * bw);
        memory->append(ridge, peak);
        auto* compute = new QLineSeries;
        compute->setName(tr("compute roof %1 TFLOP/s").arg(numberText(peak)));
        compute->append(ridge, peak);
        compute->append(xHigh, peak);
        auto* point = new QScatterSeries;
        point->setName(tr("this kernel: %1 FLOP/B").arg(numberText(ai)));
        point->append(ai, std::min(peak, ai * bw));
        auto* x = logAxis(tr("arithmetic intensity [FLOP/B]"), xLow, xHigh);
        auto* y = logAxis(tr("attainable [TFLOP/s]"), std::max(xLow * bw / 2, 1e-6), peak * 3);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        for (QAbstractSeries* s : std::initializer_list<QAbstractSeries*>{memory, compute, point})
            attach(chart, s, x, y);
        chart->setTitle(tr("Roofline (ridge at %1 FLOP/B)").arg(numberText(ridge)));
    } else if (id == "pipeline-bubble") {
        const double p = v.at("stages");
        const double m = v.at("micro_batches");
        const bool interleaved = v.at("schedule") == 2.0;
        const double chunks = interleaved ? v.at("chunks") : 1.0;
        const double mMax = std::max(64.0, 2 * m);
        auto* x = new QValueAxis;
        x->setTitleText(tr("micro-batches per step m"));
        x->setRange(1, mMax);
        x->setLabelFormat("%d");
        auto* y = new QValueAxis;
        y->setTitleText(tr("bubble share of step time [%]"));
        y->setRange(0, 100);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        for (double vv : interleaved ? std::vector<double>{1.0, chunks} : std::vector<double>{1.0}) {
            auto* line = new QLineSeries;
            line->setName(vv == 1.0 ? tr("GPipe / 1F1B, p = %1").arg(p)
                                    : tr("interleaved, p = %1, v = %2").arg(p).arg(vv));
            for (double mm = 1; mm <= mMax; mm += 1)
                line->append(mm, 100 * formulas::pipelineBubble(p, mm, vv).share);
            attach(chart, line, x, y);
        }
        auto* point = new QScatterSeries;
        point->setName(tr("m = %1").arg(m));
        point->append(m, 100 * formulas::pipelineBubble(p, m, chunks).share);
        attach(chart, point, x, y);
        chart->setTitle(tr("Pipeline bubble against micro-batches"));
    } else if (id == "zero-memory") {
        const double psi = v.at("params_b") * 1e9;
        const double k = v.at("k");
        const double nd = v.at("dp");
        const double ndMax = std::max(4096.0, nd * 2);
        const formulas::ZeroMemory top = formulas::zeroMemory(psi, k, 1);
        const formulas::ZeroMemory bottom = formulas::zeroMemory(psi, k, ndMax);
        auto* x = logAxis(tr("data-parallel ranks Nd"), 1, ndMax, 2);
        auto* y =
            logAxis(tr("model states per GPU [GB, 10^9 B]"), bottom.stage3 / 1e9 / 2, top.baseline / 1e9 * 2);
        chart->addAxis(x, Qt::AlignBottom);
        chart->addAxis(y, Qt::AlignLeft);
        const QString names[] = {tr("baseline DP"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")};
        for (int stage = 0; stage < 4; ++stage) {
            auto* line = new QLineSeries;
            line->setName(names[stage]);
            for (double n = 1; n <= ndMax; n *= 2) {
                const formulas::ZeroMemory z = formulas::zeroMemory(psi, k, n);
                const double bytes[] = {z.baseline, z.stage1, z.stage2, z.stage3};
                line->append(n, bytes[stage] / 1e9);
            }
            attach(chart, line, x, y);
        }
        auto* point = new QScatterSeries;
        point->setName(tr("Nd = %1").arg(nd));
        const formulas::ZeroMemory here = formulas::zeroMemory(psi, k, nd);
        for (double b : {here.baseline, here.stage1, here.stage2, here.stage3})
            point->append(nd, b / 1e9);
        attach(chart, point, x, y);
        chart->setTitle(tr("Memory per GPU against ZeRO stage and data-parallel size"));
    } else {
        delete chart;
        chart_->hide();
        return;
    }
    QChart* old = chart_->chart();
    chart_->setChart(chart);
    delete old;
    chart_->show();
}

}  // namespace app
