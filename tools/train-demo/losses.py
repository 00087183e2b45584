"""The training objective: next-token cross-entropy on the tokens the assistant
writes, plus the MTP layers' (layer k at position t predicts token t+2+k), averaged
over the MTP layers and weighted.

Logits are made and consumed a few hundred rows at a time, only at positions that
count: a [tokens x vocab] array at once would be the largest allocation of a step,
and fresh large allocations (page faults) cost more than the matmul itself."""
import torch.nn.functional as F

ROWS_PER_CHUNK = 512


def masked_ce(hidden, lm_head, targets, mask):
    """Sum of the cross-entropy of lm_head(hidden) over masked positions, and their count.
    hidden [B, T, H], targets and mask [B, T]."""
    keep = mask.reshape(-1).nonzero().squeeze(1)
    rows = hidden.reshape(-1, hidden.shape[-1])[keep]
    wanted = targets.reshape(-1)[keep]
    total = hidden.new_zeros(())
    for start in range(0, rows.shape[0], ROWS_PER_CHUNK):
        logits = rows[start:start + ROWS_PER_CHUNK] @ lm_head.T
        total = total + F.cross_entropy(logits.float(), wanted[start:start + ROWS_PER_CHUNK], reduction="sum")
    return total, int(keep.numel())


def training_loss(model, tokens, assistant, mtp_weight):
    """(loss, main loss, mean MTP loss, main target count); losses are per-token means."""
    hidden, mtp_hidden = model.hidden_states(tokens, with_mtp=mtp_weight > 0)
    total, count = masked_ce(hidden[:, :-1], model.lm_head, tokens[:, 1:], assistant[:, 1:])
    main = total / max(count, 1)
    mtp_losses = []
    for k, layer_hidden in enumerate(mtp_hidden):
        shift = 2 + k
        if tokens.shape[1] <= shift:
            break
        t, c = masked_ce(layer_hidden[:, :tokens.shape[1] - shift], model.lm_head, tokens[:, shift:],
                         assistant[:, shift:])
        mtp_losses.append(t / max(c, 1))
    mtp = sum(mtp_losses) / len(mtp_losses) if mtp_losses else main.new_zeros(())
    return main + mtp_weight * mtp, main.detach(), mtp.detach(), count
