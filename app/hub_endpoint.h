#pragma once
// The Hugging Face endpoint the app downloads from: huggingface.co or a mirror with
// the same API (as HF_ENDPOINT is for the official client, and --endpoint for peng-cli).
#include <QString>

inline const QString kDefaultHubEndpoint = QStringLiteral("https://huggingface.co");

// "" when `endpoint` is an http(s) URL with a host and nothing after its path (no
// query, fragment or user info); else a sentence saying what is wrong with it.
QString hubEndpointProblem(const QString& endpoint);
