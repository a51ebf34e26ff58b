#pragma once
// Spoken answers in a mock round: the microphone recorded while the clock runs, kept as a WAV
// file beside the collection, played back after the reveal next to the reference answer.
//
// Recording and playback go through Qt Multimedia's raw audio classes (QAudioSource and
// QAudioSink: PulseAudio or PipeWire's PulseAudio service on Debian). No transcript is made:
// Debian's packages offer no offline speech-to-text for Chinese technical speech.

#include <QAudioFormat>
#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QAudioSink;
class QAudioSource;
class QBuffer;
class QFile;
class QIODevice;

namespace app {

/// The fields of a WAV file's format chunk that playback needs, and where its samples are.
struct WavInfo {
    QAudioFormat format;
    qint64 dataOffset = 0;  ///< Byte offset of the first sample in the file.
    qint64 dataBytes = 0;   ///< Bytes of samples (clipped to what the file holds).
    qint64 durationMs() const;
};

/// The 44-byte header of a canonical PCM (or IEEE float) WAV file for `dataBytes` of samples.
/// Empty for a format WAV cannot describe.
QByteArray wavHeader(const QAudioFormat& format, quint32 dataBytes);

/// Reads a WAV file's header. On failure, `error` says what is wrong (translated).
std::optional<WavInfo> readWavInfo(QIODevice& file, QString* error = nullptr);

/// Where the spoken answers of the collection at `collectionPath` live: a folder beside it,
/// "<name> recordings" (collection.sqlite → "collection recordings").
QString recordingsFolder(const QString& collectionPath);
/// The file of the answer to question `position` (0-based) of mock session `session`.
QString recordingPath(const QString& collectionPath, qint64 session, int position);
/// Every recording of a session, as (position, path), in question order.
QList<QPair<int, QString>> sessionRecordings(const QString& collectionPath, qint64 session);
/// "1.3 MB", "420 kB".
QString formatBytes(qint64 bytes);

/// Whether recordings are kept after their question (Settings → Application); default yes.
bool keepRecordings();
void setKeepRecordings(bool keep);

/// Records the default microphone into a WAV file.
class AnswerRecorder : public QObject {
    Q_OBJECT
public:
    explicit AnswerRecorder(QObject* parent = nullptr);
    ~AnswerRecorder() override;

    /// Empty when a microphone is there; otherwise why recording is off, for the button's text.
    static QString unavailableReason();

    /// Starts recording into `path` (replaced). False with error() set when it cannot.
    bool start(const QString& path);
    void pause();
    void resume();
    /// Stops and completes the file; returns its size in bytes (0: nothing was recorded, and the
    /// file is removed).
    qint64 stop();
    bool recording() const { return source_ != nullptr; }
    qint64 recordedMs() const;
    QString error() const { return error_; }
    QString path() const { return path_; }

signals:
    void levelChanged(double peak);  ///< 0..1, the loudest sample of the last chunk.

private:
    void readAvailable();

    std::unique_ptr<QAudioSource> source_;
    std::unique_ptr<QFile> file_;
    QIODevice* input_ = nullptr;
    QAudioFormat format_;
    qint64 bytes_ = 0;
    QString path_;
    QString error_;
};

/// Plays a WAV file on the default output.
class AnswerPlayer : public QObject {
    Q_OBJECT
public:
    explicit AnswerPlayer(QObject* parent = nullptr);
    ~AnswerPlayer() override;

    static QString unavailableReason();

    /// Starts playing `path`; false with error() set when the file is not a WAV file this can
    /// play or there is no output.
    bool play(const QString& path);
    void stop();
    bool playing() const { return sink_ != nullptr; }
    QString error() const { return error_; }

signals:
    void finished();

private:
    std::unique_ptr<QAudioSink> sink_;
    std::unique_ptr<QBuffer> buffer_;
    QByteArray samples_;
    QString error_;
};

}  // namespace app
