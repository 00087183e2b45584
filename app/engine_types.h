#pragma once
// Value types that cross the worker-thread boundary in queued signals.
#include "api/model_info.h"

#include <QList>
#include <QMetaType>
#include <QString>
#include <QVariantMap>

struct ChatTurn {
    QString role;      // "system", "user" or "assistant"
    QString content;
    QString thinking;  // an assistant turn's reasoning, without the tags
};

struct SamplingSettings {
    double temperature = 0.8;
    double top_p = 0.95;
    int top_k = 0;
    quint64 seed = 0;
};

struct GenerationRequest {
    quint64 id = 0;
    QString conversation;      // names the conversation's KV file
    QList<ChatTurn> turns;
    bool thinking = true;
    SamplingSettings sampling;
    int max_tokens = 512;      // AppSettings::answerTokens: the context's length unless the user limits it
    int threads = 0;           // 0 = the OpenMP default
    int trim_top_k = 0;        // lossy expert trimming, 0 = off
    double trim_top_p = 0;     // lossy expert trimming, 0 = off
    bool prefetch = true;      // router lookahead where experts stream (never changes the output)
};

struct ModelRequest {
    QString dir;
    double ram_budget_gb = 0;  // the engine's planner places experts within it; 0 = available memory
    int expert_cap = 0;        // explicit LRU slots per MoE layer, overriding the plan; 0 = the plan decides
    double vram_budget_gb = 0; // the CUDA tier; 0 = off (its output is not byte-identical)
    bool vram_auto = false;    // the CUDA tier with free VRAM minus a reserve, whatever vram_budget_gb says
};

struct ModelSummary {
    QString dir;
    QString name;
    QString format;            // "MXFP4" or "FP8"
    int layers = 0;
    int moe_layers = 0;
    int experts = 0;           // routed experts per MoE layer
    int experts_per_token = 0;
    int hidden_size = 0;
    int expert_cap = 0;        // slots per layer actually in use
    QString gpu_label;         // non-empty while the GPU path (not byte-identical) runs
    QString gpu_note;          // what went to VRAM, or why the GPU is not used
    qint64 expert_bytes = 0;   // one routed expert
    qint64 dense_bytes = 0;    // resident part
    bool random_weights = false;  // written by make-model (demo or fixture)
    QList<bool> moe_layer;     // per layer
    int pinned = 0;            // experts the plan pinned from the routing history
    // generation_config.json's sampling defaults, keyed as AppSettings names them
    // (temperature, topP, topK), each only where the checkpoint states it.
    QVariantMap sampling_defaults;
    peng::ModelInfo info;      // for planning other budgets without reopening
};

// One generated token's share of the forward pass, as the engine measured it.
struct TokenProfile {
    int index = 0;              // 0 = the first decoded token after the prompt
    double wall_s = 0;
    double disk_wait_s = 0;     // the forward pass waiting for expert reads
    double experts_s = 0;       // expert matmuls
    double attention_s = 0;
    double dense_s = 0;         // dense MLP, routers and output head
    double other_s = 0;         // wall minus the measured phases (sampling, norms, glue)
    quint64 expert_hits = 0, expert_misses = 0;
    quint64 disk_bytes = 0;
};

struct GenerationStats {
    int prompt_tokens = 0;
    int reused_tokens = 0;      // prompt tokens whose KV was reused
    QString reused_from;        // "live", "memory", "disk" or "none"
    int completion_tokens = 0;
    double ttft_s = 0;
    double decode_s = 0;
    double tokens_per_s = 0;
    double hit_rate = 1;
    quint64 disk_bytes = 0;
    QString stop_reason;        // "stop_token", "length", "cancelled", "context"
};

Q_DECLARE_METATYPE(GenerationRequest)
Q_DECLARE_METATYPE(ModelRequest)
Q_DECLARE_METATYPE(ModelSummary)
Q_DECLARE_METATYPE(TokenProfile)
Q_DECLARE_METATYPE(GenerationStats)
