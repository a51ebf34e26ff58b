// Spoken answers (app/gui/spoken_answer.h): the WAV files they are kept in, byte by byte against
// the RIFF layout worked out by hand; and, tagged [audio] (hidden: the CTest entry runs them under
// a private PulseAudio server with a null sink, tests/app/with_pulseaudio.sh), a real round trip
// through the sound system: a 440 Hz tone played to the null sink is recorded back from its
// monitor, and a mock round with recording on keeps, shows, plays and deletes its answers.
#include <catch2/catch.hpp>

#include <QBuffer>
#include <QCheckBox>
#include <QDir>
#include <QTranslator>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtEndian>
#include <QtTest/QTest>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "app_test_main.h"
#include "gui/card_view.h"
#include "gui/mock_page.h"
#include "gui/mock_report_view.h"
#include "gui/spoken_answer.h"

namespace fs = std::filesystem;

namespace {

QAudioFormat speechFormat()
{
    QAudioFormat f;
    f.setSampleRate(16000);
    f.setChannelCount(1);
    f.setSampleFormat(QAudioFormat::Int16);
    return f;
}

quint32 le32(const QByteArray& b, int at)
{
    return qFromLittleEndian<quint32>(b.constData() + at);
}

quint16 le16(const QByteArray& b, int at)
{
    return qFromLittleEndian<quint16>(b.constData() + at);
}

/// `seconds` of a sine of `hz` at amplitude 0.5, 16 kHz mono 16-bit, as a whole WAV file.
QByteArray sineWav(double hz, double seconds)
{
    const int n = static_cast<int>(16000 * seconds);
    QByteArray pcm(n * 2, '\0');
    auto* s = reinterpret_cast<qint16*>(pcm.data());
    for (int i = 0; i < n; ++i)
        s[i] = static_cast<qint16>(std::lround(16384.0 * std::sin(2 * M_PI * hz * i / 16000.0)));
    return app::wavHeader(speechFormat(), static_cast<quint32>(pcm.size())) + pcm;
}

/// Goertzel power of `hz` in mono samples at `rate` (normalised by the count squared).
double tonePower(const std::vector<double>& x, double hz, int rate)
{
    const double w = 2 * M_PI * hz / rate, c = 2 * std::cos(w);
    double s1 = 0, s2 = 0;
    for (double v : x) {
        const double s = v + c * s1 - s2;
        s2 = s1;
        s1 = s;
    }
    const double n = static_cast<double>(x.size());
    return (s1 * s1 + s2 * s2 - c * s1 * s2) / (n * n);
}

/// The samples of a recorded WAV file as mono doubles in -1..1 (channels averaged).
std::vector<double> monoSamples(const QString& path, int* rate)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    QString why;
    const auto info = app::readWavInfo(f, &why);
    INFO(why.toStdString());
    REQUIRE(info.has_value());
    *rate = info->format.sampleRate();
    f.seek(info->dataOffset);
    const QByteArray data = f.read(info->dataBytes);
    const int ch = info->format.channelCount();
    const int bps = info->format.bytesPerSample();
    std::vector<double> out;
    for (qsizetype i = 0; i + ch * bps <= data.size(); i += ch * bps) {
        double sum = 0;
        for (int c = 0; c < ch; ++c)
            sum += info->format.normalizedSampleValue(data.constData() + i + c * bps);
        out.push_back(sum / ch);
    }
    return out;
}

/// Leaves with CTest's skip code when the sound system offers no input or output.
void requireSoundSystem()
{
    const QString why = app::AnswerRecorder::unavailableReason() + app::AnswerPlayer::unavailableReason();
    if (!why.isEmpty()) {
        std::printf("skipped: %s\n", why.toUtf8().constData());
        std::fflush(stdout);
        std::_Exit(77);
    }
}

}  // namespace

TEST_CASE("Spoken answers: the WAV header of 16 kHz mono speech, field by field", "[spoken]")
{
    // 1 s of 16-bit mono at 16 kHz: 32,000 bytes of samples; RIFF size 36 + 32,000; byte rate
    // 16,000 x 2 = 32,000; block align 2.
    const QByteArray h = app::wavHeader(speechFormat(), 32000);
    REQUIRE(h.size() == 44);
    CHECK(h.left(4) == "RIFF");
    CHECK(le32(h, 4) == 32036);
    CHECK(h.mid(8, 8) == "WAVEfmt ");
    CHECK(le32(h, 16) == 16);
    CHECK(le16(h, 20) == 1);  // integer PCM
    CHECK(le16(h, 22) == 1);
    CHECK(le32(h, 24) == 16000);
    CHECK(le32(h, 28) == 32000);
    CHECK(le16(h, 32) == 2);
    CHECK(le16(h, 34) == 16);
    CHECK(h.mid(36, 4) == "data");
    CHECK(le32(h, 40) == 32000);

    // Stereo 44.1 kHz float: tag 3, byte rate 44,100 x 8 = 352,800, block align 8.
    QAudioFormat fl;
    fl.setSampleRate(44100);
    fl.setChannelCount(2);
    fl.setSampleFormat(QAudioFormat::Float);
    const QByteArray hf = app::wavHeader(fl, 8);
    CHECK(le16(hf, 20) == 3);
    CHECK(le32(hf, 28) == 352800);
    CHECK(le16(hf, 32) == 8);
    CHECK(le16(hf, 34) == 32);
    CHECK(app::wavHeader(QAudioFormat(), 0).isEmpty());  // no format: nothing to write
}

TEST_CASE("Spoken answers: reading WAV files, well formed, padded, cut short and broken", "[spoken]")
{
    QByteArray whole = sineWav(440, 1.0);
    {
        QBuffer b(&whole);
        b.open(QIODevice::ReadOnly);
        const auto info = app::readWavInfo(b);
        REQUIRE(info);
        CHECK(info->dataOffset == 44);
        CHECK(info->dataBytes == 32000);
        CHECK(info->durationMs() == 1000);
        CHECK(info->format.sampleRate() == 16000);
    }
    {
        // A LIST chunk of 3 bytes (padded to 4) before the samples: they start at
        // 12 + (8 + 16) + (8 + 3 + 1) + 8 = 56.
        QByteArray padded = whole.left(36) + QByteArray("LIST\x03\0\0\0abc\0", 12) + whole.mid(36);
        QBuffer b(&padded);
        b.open(QIODevice::ReadOnly);
        const auto info = app::readWavInfo(b);
        REQUIRE(info);
        CHECK(info->dataOffset == 56);
        CHECK(info->dataBytes == 32000);
    }
    {
        // Cut short after 1,001 bytes of samples: 1,000 (whole frames of 2 bytes) are played.
        QByteArray cut = whole.left(44 + 1001);
        QBuffer b(&cut);
        b.open(QIODevice::ReadOnly);
        const auto info = app::readWavInfo(b);
        REQUIRE(info);
        CHECK(info->dataBytes == 1000);
        CHECK(info->durationMs() == 31);  // 500 frames at 16 kHz
    }
    auto errorOf = [](QByteArray bytes) {
        QBuffer b(&bytes);
        b.open(QIODevice::ReadOnly);
        QString why;
        CHECK_FALSE(app::readWavInfo(b, &why).has_value());
        return why;
    };
    CHECK(errorOf("hello").contains(QStringLiteral("not a WAV file")));
    QByteArray bits24 = whole.left(44);
    qToLittleEndian<quint16>(24, bits24.data() + 34);
    CHECK(errorOf(bits24).contains(QStringLiteral("24 bits")));
    CHECK(errorOf(whole.left(36)).contains(QStringLiteral("no data chunk")));
    QByteArray noFormat = QByteArray("RIFF\0\0\0\0WAVE", 12) + QByteArray("data\4\0\0\0abcd", 12);
    CHECK(errorOf(noFormat).contains(QStringLiteral("before their format")));

    // Random bytes behind a RIFF header never crash the reader.
    std::mt19937 rng(7);
    for (int i = 0; i < 3000; ++i) {
        QByteArray junk = QByteArray("RIFF\0\0\0\0WAVE", 12);
        const int n = static_cast<int>(rng() % 120);
        for (int k = 0; k < n; ++k)
            junk.append(static_cast<char>(rng() % 4 == 0 ? "fmt data"[rng() % 8] : rng() & 0xff));
        QBuffer b(&junk);
        b.open(QIODevice::ReadOnly);
        if (auto info = app::readWavInfo(b)) {
            CHECK(info->dataOffset + info->dataBytes <= junk.size());
            CHECK(info->dataBytes >= 0);
        }
    }
}

TEST_CASE("Spoken answers: recordings are named by session and question, beside the collection", "[spoken]")
{
    ensureApp();
    const fs::path dir = fs::temp_directory_path() / ("infracards-rec-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const QString collection = QString::fromStdString((dir / "collection.sqlite").string());
    CHECK(app::recordingsFolder(collection)
          == QString::fromStdString((dir / "collection recordings").string()));
    CHECK(app::recordingPath(collection, 12, 0)
              .endsWith(QStringLiteral("collection recordings/mock-12-1.wav")));
    fs::create_directories(dir / "collection recordings");
    for (const char* name : {"mock-12-3.wav", "mock-12-1.wav", "mock-120-1.wav", "mock-12-x.wav"})
        QFile(QString::fromStdString((dir / "collection recordings" / name).string()))
            .open(QIODevice::WriteOnly);
    const auto found = app::sessionRecordings(collection, 12);
    REQUIRE(found.size() == 2);  // not session 120's, not a name that is no question number
    CHECK(found[0].first == 0);
    CHECK(found[1].first == 2);
    CHECK(app::formatBytes(1'340'000) == QStringLiteral("1.3 MB"));
    CHECK(app::formatBytes(420'400) == QStringLiteral("420 kB"));
    CHECK(app::formatBytes(12) == QStringLiteral("12 B"));
    fs::remove_all(dir);
}

TEST_CASE("Spoken answers: a 440 Hz tone played to the sound system is recorded back", "[.][audio]")
{
    ensureApp();
    requireSoundSystem();
    const fs::path dir = fs::temp_directory_path() / ("infracards-audio-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const QString tone = QString::fromStdString((dir / "tone.wav").string());
    const QString take = QString::fromStdString((dir / "take.wav").string());
    {
        QFile f(tone);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(sineWav(440, 1.0));
    }
    app::AnswerRecorder recorder;
    REQUIRE(recorder.start(take));
    QTest::qWait(300);
    app::AnswerPlayer player;
    QSignalSpy done(&player, &app::AnswerPlayer::finished);
    REQUIRE(player.play(tone));
    REQUIRE(done.wait(10000));
    QTest::qWait(300);
    CHECK(recorder.recordedMs() >= 1000);
    const qint64 size = recorder.stop();
    REQUIRE(size > 44);
    CHECK(size == QFile(take).size());

    int rate = 0;
    const std::vector<double> x = monoSamples(take, &rate);
    REQUIRE(rate > 0);
    // The tone is there, and far above the frequencies next to it and an octave away.
    const double p440 = tonePower(x, 440, rate);
    CHECK(p440 > 50 * tonePower(x, 700, rate));
    CHECK(p440 > 50 * tonePower(x, 880, rate));
    CHECK(p440 > 50 * tonePower(x, 300, rate));
    // Amplitude 0.5 over about a third of the take or more gives a Goertzel power of
    // (0.5/2 x fraction)^2: at least 0.0025 for a fraction of 0.2.
    CHECK(p440 > 0.0025);
    fs::remove_all(dir);
}

TEST_CASE("Spoken answers in a mock round: recorded, played after the reveal, listed and deleted",
          "[.][audio]")
{
    ensureApp();
    requireSoundSystem();
    const fs::path dir = fs::temp_directory_path() / ("infracards-mock-audio-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        auto col = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
        REQUIRE(col.ok());
        std::vector<deck::CardContent> cards;
        for (int i = 0; i < 3; ++i) {
            deck::CardContent c;
            c.uid = "cuda-audio-" + std::to_string(i);
            c.topic = "cuda";
            c.question = "问题 " + std::to_string(i + 1);
            c.answer = "参考答案";
            c.keyPoints = {"要点"};
            cards.push_back(c);
        }
        REQUIRE(deck::writeDefaultDeck((dir / "b.sqlite").string(), cards).ok());
        REQUIRE(col->mergeBuiltinDeck((dir / "b.sqlite").string(), {0, 0}).ok());
        app::setKeepRecordings(true);
        app::MockInterviewPage page(*col);
        std::int64_t t = (20786LL * 86400 + 10 * 3600) * 1000;
        page.setTimeSource([&t] { return deck::Now{t, 0}; });
        page.resize(1000, 700);
        page.show();
        REQUIRE(page.recordBox()->isEnabled());
        page.recordBox()->setChecked(true);
        deck::MockConfig config;
        config.questions = 3;
        config.seed = 1;
        REQUIRE(page.startRound(config));
        deck::MockSession* s = page.session();
        REQUIRE(page.recorder()->recording());
        // The "speaker": half a second of tone into the sound system the page records from.
        const QString tone = QString::fromStdString((dir / "tone.wav").string());
        {
            QFile f(tone);
            REQUIRE(f.open(QIODevice::WriteOnly));
            f.write(sineWav(440, 0.5));
        }
        app::AnswerPlayer voice;
        QSignalSpy spoken(&voice, &app::AnswerPlayer::finished);
        auto speak = [&] {
            REQUIRE(voice.play(tone));
            REQUIRE(spoken.wait(10000));
            QTest::qWait(200);
        };
        speak();
        t += 5000;
        QTest::keyClick(&page, Qt::Key_Space);
        REQUIRE(s->state() == deck::MockState::Revealed);
        CHECK_FALSE(page.recorder()->recording());
        const QString first = app::recordingPath(QString::fromStdString(col->path()), s->id().value, 0);
        REQUIRE(QFile::exists(first));
        CHECK_FALSE(page.playAnswerButton()->isHidden());
        CHECK(page.playAnswerButton()->text().startsWith(QStringLiteral("▶ Play my answer (0:00,")));
        QTest::mouseClick(page.playAnswerButton(), Qt::LeftButton);
        CHECK(page.playAnswerButton()->text() == QStringLiteral("Stop playback"));
        QTRY_VERIFY_WITH_TIMEOUT(page.playAnswerButton()->text().startsWith(QStringLiteral("▶")), 5000);
        QTest::keyClick(&page, Qt::Key_2);  // scored: the next question records afresh

        // Settings can keep none: the second answer is gone when the third question comes.
        REQUIRE(page.recorder()->recording());
        speak();
        app::setKeepRecordings(false);
        QTest::keyClick(&page, Qt::Key_Space);
        const QString second = app::recordingPath(QString::fromStdString(col->path()), s->id().value, 1);
        CHECK(QFile::exists(second));
        QTest::keyClick(&page, Qt::Key_3);
        CHECK_FALSE(QFile::exists(second));
        app::setKeepRecordings(true);
        speak();
        QTest::keyClick(&page, Qt::Key_Space);
        QTest::keyClick(&page, Qt::Key_4);
        REQUIRE(s->state() == deck::MockState::Finished);

        // The report lists the two kept answers with their sizes; one is deleted there.
        app::MockReportView* report = page.reportView();
        REQUIRE(report->recordingList()->count() == 2);
        CHECK(report->recordingList()->item(0)->text().startsWith(QStringLiteral("Question 1 · 0:00 · ")));
        CHECK(report->recordingList()->item(1)->text().startsWith(QStringLiteral("Question 3 · ")));
        CHECK(report->recordingsSummary()->text().startsWith(QStringLiteral("2 recording")));
        report->recordingList()->setCurrentRow(0);
        QTest::mouseClick(report->deleteRecordingButton(), Qt::LeftButton);
        CHECK_FALSE(QFile::exists(first));
        REQUIRE(report->recordingList()->count() == 1);
        CHECK(report->recordingsSummary()->text().startsWith(QStringLiteral("1 recording")));
    }
    fs::remove_all(dir);
}

TEST_CASE("Spoken answers: without a microphone the record box is off and says why", "[spoken][gui]")
{
    ensureApp();
    const fs::path dir = fs::temp_directory_path() / ("infracards-nomic-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    {
        auto col = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
        REQUIRE(col.ok());
        app::MockInterviewPage page(*col);
        const QString why = app::AnswerRecorder::unavailableReason();
        CHECK(page.recordBox()->isEnabled() == why.isEmpty());
        if (!why.isEmpty()) {
            CHECK(page.recordBox()->toolTip() == why);
            CHECK_FALSE(page.recordBox()->isChecked());
        }
    }
    fs::remove_all(dir);
}

// For looking at the spoken-answer controls in both languages and palettes (hidden; run under the
// sound server):
//   tests/app/with_pulseaudio.sh build/tests/app/app_tests "[.spoken-shots]"
// writes <INFRACARDS_SHOTS>/mock-spoken-{en,zh}-{light,dark}-{reveal,report}.png.
TEST_CASE("Spoken answer screenshots", "[.spoken-shots]")
{
    QApplication* qapp = ensureApp();
    requireSoundSystem();
    const QString out = qEnvironmentVariable("INFRACARDS_SHOTS", QStringLiteral("/tmp/infracards-shots"));
    QDir().mkpath(out);
    const QPalette dark = testDarkPalette();
    const QPalette light = qapp->palette();
    for (const QString lang : {QStringLiteral("en"), QStringLiteral("zh")}) {
        QTranslator zh;
        if (lang == QLatin1String("zh")) {
            REQUIRE(zh.load(QLocale(QLocale::Chinese, QLocale::China), QStringLiteral("infracards"),
                            QStringLiteral("_"), QStringLiteral(":/i18n")));
            QCoreApplication::installTranslator(&zh);
        }
        for (const QString pal : {QStringLiteral("light"), QStringLiteral("dark")}) {
            qapp->setPalette(pal == QLatin1String("dark") ? dark : light);
            const fs::path dir =
                fs::temp_directory_path() / ("infracards-spoken-shots-" + std::to_string(::getpid()));
            fs::remove_all(dir);
            fs::create_directories(dir);
            auto col = deck::Collection::open((dir / "c.sqlite").string(), {.createIfMissing = true});
            REQUIRE(col.ok());
            REQUIRE(col->mergeBuiltinDeck(INFRACARDS_DEFAULT_DECK_FILE, {0, 0}).ok());
            app::MockInterviewPage page(*col);
            std::int64_t t = (20786LL * 86400 + 10 * 3600) * 1000;
            page.setTimeSource([&t] { return deck::Now{t, 0}; });
            page.resize(1150, 800);
            page.show();
            REQUIRE(QTest::qWaitForWindowExposed(&page));
            page.recordBox()->setChecked(true);
            deck::MockConfig config;
            config.questions = 2;
            config.topics = {"cuda"};
            config.perQuestionMs = 300'000;
            config.seed = 5;
            QSignalSpy rendered(page.cardView(), &app::CardView::cardRendered);
            REQUIRE(page.startRound(config));
            REQUIRE(rendered.wait(30000));
            const QString tone = QString::fromStdString((dir / "tone.wav").string());
            {
                QFile f(tone);
                REQUIRE(f.open(QIODevice::WriteOnly));
                f.write(sineWav(440, 1.5));
            }
            app::AnswerPlayer voice;
            QSignalSpy spoken(&voice, &app::AnswerPlayer::finished);
            REQUIRE(voice.play(tone));
            REQUIRE(spoken.wait(10000));
            t += 42'000;
            QTest::qWait(300);
            page.notesBox()->setPlainText(
                QStringLiteral("先区分 GPU kernel 卡住与 CPU 侧等待，再用 cuda-gdb attach"));
            QTest::keyClick(&page, Qt::Key_Space);
            QTest::qWait(1200);
            CHECK(page.grab().save(out + QStringLiteral("/mock-spoken-%1-%2-reveal.png").arg(lang, pal)));
            QTest::keyClick(&page, Qt::Key_3);
            REQUIRE(voice.play(tone));
            REQUIRE(spoken.wait(10000));
            QTest::qWait(300);
            t += 60'000;
            QTest::keyClick(&page, Qt::Key_Space);
            QTest::keyClick(&page, Qt::Key_2);
            QTest::qWait(500);
            CHECK(page.grab().save(out + QStringLiteral("/mock-spoken-%1-%2-report.png").arg(lang, pal)));
            page.hide();
        }
        if (lang == QLatin1String("zh"))
            QCoreApplication::removeTranslator(&zh);
    }
    qapp->setPalette(light);
}
