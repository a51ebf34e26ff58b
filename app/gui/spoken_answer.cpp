#include "gui/spoken_answer.h"

#include <QAudioDevice>
#include <QAudioSink>
#include <QAudioSource>
#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMediaDevices>
#include <QRegularExpression>
#include <QSettings>
#include <QtEndian>

#include <algorithm>
#include <cstdlib>

namespace app {

namespace {

const char* const kKeepRecordings = "mock/keepRecordings";

QString tr(const char* text)
{
    return QCoreApplication::translate("app::AnswerRecorder", text);
}

void putU16(QByteArray& out, quint16 v)
{
    char b[2];
    qToLittleEndian(v, b);
    out.append(b, 2);
}

void putU32(QByteArray& out, quint32 v)
{
    char b[4];
    qToLittleEndian(v, b);
    out.append(b, 4);
}

quint16 u16(const char* p)
{
    return qFromLittleEndian<quint16>(p);
}

quint32 u32(const char* p)
{
    return qFromLittleEndian<quint32>(p);
}

/// Format tag and bits per sample of a Qt sample format; tag 0 for one WAV cannot hold.
std::pair<quint16, quint16> wavTag(QAudioFormat::SampleFormat f)
{
    switch (f) {
    case QAudioFormat::UInt8: return {1, 8};
    case QAudioFormat::Int16: return {1, 16};
    case QAudioFormat::Int32: return {1, 32};
    case QAudioFormat::Float: return {3, 32};
    default: return {0, 0};
    }
}

/// The audio format a microphone records answers in: 16 kHz mono 16-bit (speech, 32 kB/s) when
/// the device takes it, else the device's own format with 16-bit samples, else its own.
QAudioFormat recordingFormat(const QAudioDevice& device)
{
    QAudioFormat speech;
    speech.setSampleRate(16000);
    speech.setChannelCount(1);
    speech.setSampleFormat(QAudioFormat::Int16);
    if (device.isFormatSupported(speech))
        return speech;
    QAudioFormat own = device.preferredFormat();
    QAudioFormat own16 = own;
    own16.setSampleFormat(QAudioFormat::Int16);
    if (device.isFormatSupported(own16))
        return own16;
    return own;
}

}  // namespace

qint64 WavInfo::durationMs() const
{
    const int frame = format.bytesPerFrame();
    if (frame <= 0 || format.sampleRate() <= 0)
        return 0;
    return dataBytes / frame * 1000 / format.sampleRate();
}

QByteArray wavHeader(const QAudioFormat& format, quint32 dataBytes)
{
    const auto [tag, bits] = wavTag(format.sampleFormat());
    if (tag == 0 || format.channelCount() <= 0 || format.sampleRate() <= 0)
        return {};
    const quint16 channels = static_cast<quint16>(format.channelCount());
    const quint32 rate = static_cast<quint32>(format.sampleRate());
    const quint16 blockAlign = static_cast<quint16>(channels * bits / 8);
    QByteArray h;
    h.reserve(44);
    h.append("RIFF", 4);
    putU32(h, 36 + dataBytes);
    h.append("WAVE", 4);
    h.append("fmt ", 4);
    putU32(h, 16);
    putU16(h, tag);
    putU16(h, channels);
    putU32(h, rate);
    putU32(h, rate * blockAlign);
    putU16(h, blockAlign);
    putU16(h, bits);
    h.append("data", 4);
    putU32(h, dataBytes);
    return h;
}

std::optional<WavInfo> readWavInfo(QIODevice& file, QString* error)
{
    auto fail = [error](const QString& why) -> std::optional<WavInfo> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    const qint64 size = file.size();
    if (!file.seek(0))
        return fail(tr("the file cannot be read"));
    const QByteArray riff = file.read(12);
    if (riff.size() < 12 || !riff.startsWith("RIFF") || riff.mid(8, 4) != "WAVE")
        return fail(tr("not a WAV file (no RIFF/WAVE header)"));
    WavInfo info;
    bool haveFormat = false;
    qint64 pos = 12;
    while (pos + 8 <= size) {
        file.seek(pos);
        const QByteArray head = file.read(8);
        if (head.size() < 8)
            break;
        const QByteArray id = head.left(4);
        const qint64 chunk = u32(head.constData() + 4);
        const qint64 body = pos + 8;
        if (id == "fmt ") {
            if (chunk < 16)
                return fail(tr("the format chunk is %1 bytes, 16 expected").arg(chunk));
            const QByteArray f = file.read(16);
            if (f.size() < 16)
                return fail(tr("the format chunk is cut short"));
            const quint16 tag = u16(f.constData());
            const quint16 channels = u16(f.constData() + 2);
            const quint32 rate = u32(f.constData() + 4);
            const quint16 bits = u16(f.constData() + 14);
            QAudioFormat::SampleFormat sample = QAudioFormat::Unknown;
            if (tag == 1 && bits == 8)
                sample = QAudioFormat::UInt8;
            else if (tag == 1 && bits == 16)
                sample = QAudioFormat::Int16;
            else if (tag == 1 && bits == 32)
                sample = QAudioFormat::Int32;
            else if (tag == 3 && bits == 32)
                sample = QAudioFormat::Float;
            if (sample == QAudioFormat::Unknown)
                return fail(tr("samples of format %1 with %2 bits are not supported").arg(tag).arg(bits));
            if (channels < 1 || channels > 8)
                return fail(tr("%1 channels: 1 to 8 expected").arg(channels));
            if (rate < 1000 || rate > 384000)
                return fail(tr("a sample rate of %1 Hz: 1,000 to 384,000 expected").arg(rate));
            info.format.setSampleFormat(sample);
            info.format.setChannelCount(channels);
            info.format.setSampleRate(static_cast<int>(rate));
            haveFormat = true;
        } else if (id == "data") {
            if (!haveFormat)
                return fail(tr("the samples come before their format"));
            info.dataOffset = body;
            info.dataBytes = std::min(chunk, size - body);
            const int frame = info.format.bytesPerFrame();
            info.dataBytes -= info.dataBytes % frame;
            return info;
        }
        pos = body + chunk + (chunk & 1);  // chunks are padded to an even length
    }
    return fail(haveFormat ? tr("no samples (no data chunk)") : tr("no format chunk"));
}

QString recordingsFolder(const QString& collectionPath)
{
    const QFileInfo info(collectionPath);
    return info.absoluteDir().filePath(info.completeBaseName() + QStringLiteral(" recordings"));
}

QString recordingPath(const QString& collectionPath, qint64 session, int position)
{
    return QDir(recordingsFolder(collectionPath))
        .filePath(QStringLiteral("mock-%1-%2.wav").arg(session).arg(position + 1));
}

QList<QPair<int, QString>> sessionRecordings(const QString& collectionPath, qint64 session)
{
    QList<QPair<int, QString>> out;
    const QDir dir(recordingsFolder(collectionPath));
    const QRegularExpression name(QStringLiteral("^mock-%1-(\\d+)\\.wav$").arg(session));
    for (const QString& f : dir.entryList({QStringLiteral("mock-%1-*.wav").arg(session)}, QDir::Files)) {
        const auto m = name.match(f);
        if (m.hasMatch())
            out.append({m.captured(1).toInt() - 1, dir.filePath(f)});
    }
    std::sort(out.begin(), out.end());
    return out;
}

QString formatBytes(qint64 bytes)
{
    if (bytes >= 1'000'000)
        return QStringLiteral("%1 MB").arg(static_cast<double>(bytes) / 1e6, 0, 'f', 1);
    if (bytes >= 1'000)
        return QStringLiteral("%1 kB").arg((bytes + 500) / 1000);
    return QStringLiteral("%1 B").arg(bytes);
}

bool keepRecordings()
{
    return QSettings().value(QLatin1String(kKeepRecordings), true).toBool();
}

void setKeepRecordings(bool keep)
{
    QSettings().setValue(QLatin1String(kKeepRecordings), keep);
}

// --- recording -----------------------------------------------------------------------------

AnswerRecorder::AnswerRecorder(QObject* parent) : QObject(parent) {}

AnswerRecorder::~AnswerRecorder()
{
    stop();
}

QString AnswerRecorder::unavailableReason()
{
    if (QMediaDevices::audioInputs().isEmpty())
        return tr("No microphone was found (the sound system lists no audio input).");
    return {};
}

bool AnswerRecorder::start(const QString& path)
{
    stop();
    error_.clear();
    const QAudioDevice device = QMediaDevices::defaultAudioInput();
    if (device.isNull()) {
        error_ = tr("No microphone was found (the sound system lists no audio input).");
        return false;
    }
    format_ = recordingFormat(device);
    const QByteArray header = wavHeader(format_, 0);
    if (header.isEmpty()) {
        error_ = tr("The microphone's sample format cannot be stored in a WAV file.");
        return false;
    }
    QDir().mkpath(QFileInfo(path).absolutePath());
    file_ = std::make_unique<QFile>(path);
    if (!file_->open(QIODevice::WriteOnly | QIODevice::Truncate) || file_->write(header) != header.size()) {
        error_ = tr("%1 cannot be written: %2").arg(path, file_->errorString());
        file_.reset();
        return false;
    }
    path_ = path;
    bytes_ = 0;
    source_ = std::make_unique<QAudioSource>(device, format_);
    input_ = source_->start();
    if (!input_ || source_->error() != QAudio::NoError) {
        error_ = tr("The microphone could not be opened.");
        source_.reset();
        file_->close();
        file_->remove();
        file_.reset();
        return false;
    }
    connect(input_, &QIODevice::readyRead, this, &AnswerRecorder::readAvailable);
    return true;
}

void AnswerRecorder::readAvailable()
{
    if (!input_ || !file_)
        return;
    const QByteArray chunk = input_->readAll();
    if (chunk.isEmpty())
        return;
    file_->write(chunk);
    bytes_ += chunk.size();
    if (format_.sampleFormat() == QAudioFormat::Int16) {
        int peak = 0;
        const auto* s = reinterpret_cast<const qint16*>(chunk.constData());
        for (qsizetype i = 0, n = chunk.size() / 2; i < n; ++i)
            peak = std::max(peak, std::abs(static_cast<int>(s[i])));
        emit levelChanged(peak / 32768.0);
    }
}

void AnswerRecorder::pause()
{
    if (source_)
        source_->suspend();
}

void AnswerRecorder::resume()
{
    if (source_)
        source_->resume();
}

qint64 AnswerRecorder::stop()
{
    if (!source_)
        return 0;
    readAvailable();
    source_->stop();
    source_.reset();
    input_ = nullptr;
    const auto bytes = static_cast<quint32>(std::min<qint64>(bytes_, 0xFFFF'FFFFLL - 36));
    file_->seek(0);
    file_->write(wavHeader(format_, bytes));
    file_->close();
    const qint64 size = file_->size();
    if (bytes_ == 0) {
        file_->remove();
        file_.reset();
        return 0;
    }
    file_.reset();
    return size;
}

qint64 AnswerRecorder::recordedMs() const
{
    const int frame = format_.bytesPerFrame();
    if (frame <= 0 || format_.sampleRate() <= 0)
        return 0;
    return bytes_ / frame * 1000 / format_.sampleRate();
}

// --- playback ------------------------------------------------------------------------------

AnswerPlayer::AnswerPlayer(QObject* parent) : QObject(parent) {}

AnswerPlayer::~AnswerPlayer()
{
    stop();
}

QString AnswerPlayer::unavailableReason()
{
    if (QMediaDevices::audioOutputs().isEmpty())
        return tr("No speaker or headphones were found (the sound system lists no audio output).");
    return {};
}

bool AnswerPlayer::play(const QString& path)
{
    stop();
    error_.clear();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error_ = tr("%1 cannot be read: %2").arg(path, file.errorString());
        return false;
    }
    QString why;
    const auto info = readWavInfo(file, &why);
    if (!info) {
        error_ = tr("%1: %2").arg(path, why);
        return false;
    }
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    if (device.isNull()) {
        error_ = unavailableReason();
        return false;
    }
    file.seek(info->dataOffset);
    samples_ = file.read(info->dataBytes);
    buffer_ = std::make_unique<QBuffer>(&samples_);
    buffer_->open(QIODevice::ReadOnly);
    sink_ = std::make_unique<QAudioSink>(device, info->format);
    connect(sink_.get(), &QAudioSink::stateChanged, this, [this](QAudio::State state) {
        if (state == QAudio::IdleState
            || (state == QAudio::StoppedState && sink_ && sink_->error() != QAudio::NoError)) {
            QMetaObject::invokeMethod(
                this,
                [this] {
                    stop();
                    emit finished();
                },
                Qt::QueuedConnection);
        }
    });
    sink_->start(buffer_.get());
    if (sink_->error() != QAudio::NoError) {
        error_ = tr("The audio output could not be opened.");
        sink_.reset();
        return false;
    }
    return true;
}

void AnswerPlayer::stop()
{
    if (sink_) {
        sink_->disconnect(this);
        sink_->stop();
        sink_.reset();
    }
    buffer_.reset();
}

}  // namespace app
