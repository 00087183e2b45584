// peng-cli score: each continuation's log-probability given the prompt is the sum of
// the log-softmax values `peng-cli logits` gives for prompt + continuation, the ranking
// is by that sum, and a bad options file (missing, empty, not UTF-8) is a clear error.
#include <QtTest>

#include <numeric>

#include <nlohmann/json.hpp>

#include "cli_logits.h"
#include "text/tokenizer.h"

using Json = nlohmann::ordered_json;

namespace {

const std::string kModel = std::string(PENG_FIXTURE_DIR) + "/tiny-mxfp4";

Result score(const QString& options_file, bool json) {
    QStringList args = {"score", QString::fromStdString(kModel), "--prompt", "The colour of the sea is",
                        "--options", options_file, "--history", "none"};
    if (json) args << "--json";
    return cli(args);
}

}  // namespace

class TestCliScore : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

    QString write(const char* name, const std::string& bytes) {
        const QString path = tmp_.path() + "/" + name;
        std::ofstream(path.toStdString(), std::ios::binary) << bytes;
        return path;
    }

private slots:
    void ranking_is_by_the_logits_sums() {
        const QString file = write("options.txt", " blue\n green and grey\r\n\n red\n \xc3\xa9t\xc3\xa9\n");
        const Result run = score(file, true);
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const Json out = Json::parse(run.out.toStdString());
        const std::vector<int> prompt = out["prompt_tokens"].get<std::vector<int>>();
        const Json& ranking = out["ranking"];
        QCOMPARE(ranking.size(), size_t(4));   // the empty line is no option
        // The fixture's sizes, from its config: rows of logits and ids the tokenizer defines.
        std::ifstream config_file(kModel + "/config.json");
        const int rows = Json::parse(config_file)["vocab_size"].get<int>();
        const int defined = std::min(rows, peng::Tokenizer::from_file(kModel + "/tokenizer.json").vocab_size());
        std::vector<std::pair<double, int>> expected;   // (sum from logits, line)
        for (const Json& option : ranking) {
            const std::vector<int> tokens = option["tokens"].get<std::vector<int>>();
            std::vector<int> all = prompt;
            all.insert(all.end(), tokens.begin(), tokens.end());
            const auto log_softmax = cli_log_softmax(kModel, all, rows, defined);
            double sum = 0;
            for (size_t k = 0; k < tokens.size(); ++k) sum += log_softmax[prompt.size() - 1 + k][size_t(tokens[k])];
            QVERIFY2(std::fabs(sum - option["logprob"].get<double>()) < 1e-6, option.dump().c_str());
            QVERIFY(std::fabs(option["logprob_per_token"].get<double>() - sum / double(tokens.size())) < 1e-9);
            expected.push_back({sum, option["line"].get<int>()});
        }
        std::stable_sort(expected.begin(), expected.end(), [](auto& a, auto& b) { return a.first > b.first; });
        for (size_t i = 0; i < expected.size(); ++i) QCOMPARE(ranking[i]["line"].get<int>(), expected[i].second);
        QCOMPARE(ranking[0]["text"].get<std::string>().empty(), false);
        // The table: a header and one row per option, best first.
        const Result table = score(file, false);
        QVERIFY2(table.exit_code == 0, qPrintable(table.err));
        const QStringList lines = table.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QVERIFY(lines[1].contains(QString::fromStdString(Json(ranking[0]["text"]).dump())));
    }

    void bad_options_files_are_named() {
        struct Case {
            QString file;
            const char* says;
        };
        const std::vector<Case> cases = {{tmp_.path() + "/missing.txt", "cannot open"},
                                         {write("empty.txt", "\n\r\n\n"), "no options"},
                                         {write("latin1.txt", " ok\n caf\xe9\n"), "line 2 is not valid UTF-8"}};
        for (const Case& c : cases) {
            const Result run = score(c.file, false);
            QVERIFY2(run.exit_code != 0 && run.exit_code != -1, qPrintable(run.err));
            QVERIFY2(run.err.contains(c.file) && run.err.contains(c.says), qPrintable(run.err));
        }
        // A lossy trim would not apply to the exact scoring: refused, not ignored.
        const Result trimmed = cli({"score", QString::fromStdString(kModel), "--prompt", "a", "--options",
                                    write("one.txt", " b\n"), "--topk", "1", "--history", "none"});
        QVERIFY2(trimmed.exit_code != 0 && trimmed.err.contains("--topk"), qPrintable(trimmed.err));
    }
};

QTEST_MAIN(TestCliScore)
#include "test_cli_score.moc"
