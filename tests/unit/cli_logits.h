#pragma once
// The reference the log-probability tests compare with: `peng-cli logits` for a token
// sequence, normalised here in double over the ids the tokenizer defines.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_process.h"

// Log-softmax rows from `peng-cli logits` for `tokens`: row r scores the token after tokens[r].
inline std::vector<std::vector<double>> cli_log_softmax(const std::string& model, const std::vector<int>& tokens, int rows,
                                                        int defined_ids) {
    const std::filesystem::path out = std::filesystem::temp_directory_path() /
                                      ("peng_logits_" + std::to_string(QCoreApplication::applicationPid()) + ".f32");
    QStringList ids;
    for (int id : tokens) ids << QString::number(id);
    const Result run = cli({"logits", QString::fromStdString(model), "--tokens", ids.join(','), "--out",
                            QString::fromStdString(out.string()), "--history", "none"});
    if (run.exit_code != 0) qFatal("peng-cli logits failed: %s", qPrintable(run.err));
    std::ifstream in(out, std::ios::binary);
    std::vector<float> logits(tokens.size() * size_t(rows));
    in.read(reinterpret_cast<char*>(logits.data()), std::streamsize(logits.size() * sizeof(float)));
    if (!in) qFatal("short logits file");
    std::filesystem::remove(out);
    std::vector<std::vector<double>> log_softmax;
    for (size_t r = 0; r < tokens.size(); ++r) {
        const float* row = &logits[r * size_t(rows)];
        double top = row[0];
        for (int v = 1; v < defined_ids; ++v) top = std::max(top, double(row[v]));
        double sum = 0;
        for (int v = 0; v < defined_ids; ++v) sum += std::exp(double(row[v]) - top);
        std::vector<double> values(static_cast<size_t>(defined_ids));
        for (int v = 0; v < defined_ids; ++v) values[size_t(v)] = double(row[v]) - top - std::log(sum);
        log_softmax.push_back(std::move(values));
    }
    return log_softmax;
}
