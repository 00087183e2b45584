// Checks a `peng --screenshot SHOT.png --prompt ...` run against what it must show,
// using SHOT.json (app/screenshot_report.h) to find things in the picture:
//  - the brain: every MoE layer has lit cells (served from RAM or warm: brighter or
//    bluer than an idle disk cell), and the grid is really drawn cell by cell: idle
//    cells remain, or the lit cells show many shades of routing heat (a small model
//    that fits in RAM lights every expert after one answer);
//  - the chat: the answer is non-empty and the chat's visible Markdown shows it.
// It then blanks the brain in a copy of the picture and requires the brain check to
// fail there, so the check is known to be able to fail.
//
//   check_screenshot SHOT.png     exit 0 = pass, 1 = fail
#include <QColor>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QRegularExpression>
#include <QSet>
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void fail(const QString& why) {
    std::fprintf(stderr, "check_screenshot: FAIL: %s\n", qPrintable(why));
    std::exit(1);
}

struct BrainCount {
    int lit = 0, idle = 0, moe_layers = 0, moe_layers_lit = 0;
    QSet<QRgb> lit_shades;
    static constexpr int kShadesOfADrawnGrid = 8;
    bool ok() const {
        return moe_layers > 0 && moe_layers_lit == moe_layers &&
               (idle > 0 || lit_shades.size() >= kShadesOfADrawnGrid);
    }
};

bool near(QRgb a, QRgb b, int tolerance) {
    return std::abs(qRed(a) - qRed(b)) <= tolerance && std::abs(qGreen(a) - qGreen(b)) <= tolerance &&
           std::abs(qBlue(a) - qBlue(b)) <= tolerance;
}

// Samples each cell's centre. Lit: clearly off the idle colour and bright enough
// not to be the grid's dark background or a gap.
BrainCount count_cells(const QImage& image, const QJsonObject& report) {
    const QJsonObject r = report["brain"].toObject();
    const QRectF rect(r["x"].toDouble(), r["y"].toDouble(), r["width"].toDouble(), r["height"].toDouble());
    const int layers = report["layers"].toInt(), experts = report["experts"].toInt();
    const QRgb idle = QColor(report["idleColor"].toString()).rgb();
    QSet<int> dense;
    for (const QJsonValue v : report["denseLayers"].toArray()) dense.insert(v.toInt());
    BrainCount count;
    for (int l = 0; l < layers; ++l) {
        if (dense.contains(l)) continue;
        ++count.moe_layers;
        int lit_here = 0;
        for (int e = 0; e < experts; ++e) {
            const int x = int(rect.x() + (e + 0.5) * rect.width() / experts);
            const int y = int(rect.y() + (l + 0.5) * rect.height() / layers);
            const QRgb p = image.pixel(x, y);
            const int brightest = std::max({qRed(p), qGreen(p), qBlue(p)});
            if (near(p, idle, 6)) ++count.idle;
            else if (!near(p, idle, 12) && brightest >= 50) {
                ++lit_here;
                count.lit_shades.insert(p);
            }
        }
        count.lit += lit_here;
        count.moe_layers_lit += lit_here > 0;
    }
    return count;
}

// Words of two or more letters or digits; random-weight answers are word salad,
// but still words.
QStringList words(const QString& text) {
    QStringList out;
    for (const auto& m : QRegularExpression(QStringLiteral("[\\p{L}\\p{N}]{2,}")).globalMatch(text)) out.append(m.captured());
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) fail("usage: check_screenshot SHOT.png");
    const QString shot = QString::fromLocal8Bit(argv[1]);
    const QFileInfo info(shot);
    QFile json(info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral(".json"));
    if (!json.open(QIODevice::ReadOnly)) fail(json.fileName() + ": cannot open");
    const QJsonObject report = QJsonDocument::fromJson(json.readAll()).object();
    const QImage image = QImage(shot).convertToFormat(QImage::Format_RGB32);
    if (image.isNull()) fail(shot + ": not an image");
    if (!report.contains("brain")) fail("the report has no brain rectangle: the brain panel was not visible");
    if (report["layers"].toInt() <= 0 || report["experts"].toInt() <= 0) fail("the brain has no cells");

    const BrainCount brain = count_cells(image, report);
    std::printf("brain: %d lit cells in %d shades, %d idle, lit in %d of %d MoE layers\n", brain.lit,
                int(brain.lit_shades.size()), brain.idle, brain.moe_layers_lit, brain.moe_layers);
    if (!brain.ok()) fail("the brain does not show routing in every MoE layer, drawn cell by cell");

    const QString answer = report["answer"].toString();
    const QStringList answer_words = words(answer);
    if (report["answerRole"].toString() != QLatin1String("assistant") || answer_words.isEmpty())
        fail("the last chat message is not an answer with words: \"" + answer + "\"");
    const QStringList shown_words = words(report["chatText"].toString());
    const QSet<QString> shown(shown_words.begin(), shown_words.end());
    int found = 0;
    for (const QString& w : answer_words) found += shown.contains(w);
    std::printf("answer: %lld words, %d of them shown in the chat (%d tokens, %s)\n", answer_words.size(), found,
                report["completionTokens"].toInt(), qPrintable(report["stopReason"].toString()));
    if (found < answer_words.size() * 9 / 10) fail("the chat does not show the answer");

    // The same brain check on a picture whose brain is blank must fail.
    for (const QRgb blank : {QColor(report["idleColor"].toString()).rgb(), qRgb(7, 8, 11)}) {
        QImage blanked = image;
        const QJsonObject r = report["brain"].toObject();
        QPainter(&blanked).fillRect(QRectF(r["x"].toDouble(), r["y"].toDouble(), r["width"].toDouble(),
                                           r["height"].toDouble()), QColor(blank));
        if (count_cells(blanked, report).ok()) fail("the brain check passes on a blank brain: it cannot fail");
    }
    if (report.contains("frames")) {
        const QJsonObject f = report["frames"].toObject();
        std::printf("frames while streaming: %d, p50 %.1f ms, p99 %.1f ms\n", f["frames"].toInt(), f["p50_ms"].toDouble(),
                    f["p99_ms"].toDouble());
    }
    std::printf("check_screenshot: PASS\n");
    return 0;
}
