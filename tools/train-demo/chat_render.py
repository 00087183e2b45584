"""The MiMo-V2.6 chat template (shared/data/mimo-v2.6/chat_template.jinja, the one
Peng ships as mimo-v2.6) for the conversations this demo trains on: system, user and
assistant turns with reasoning, no tools. The output is a list of segments, so the
tokens the assistant writes can be told from the prompt's: an assistant turn's own
tokens run from the <think> after "<|im_start|>assistant\\n" through its <|im_end|>,
exactly what follows the template's generation prompt. test_chat_render.py checks
the text against `peng-cli template` byte for byte."""

SPECIAL_TEXTS = ("<|im_start|>", "<|im_end|>", "<think>", "</think>")


class RenderError(Exception):
    pass


def _content(message):
    content = message.get("content", "")
    if not isinstance(content, str):
        raise RenderError(f"a {message.get('role')} message's content is not a string")
    return content


def _check_plain(text, role):
    for special in SPECIAL_TEXTS:
        if special in text:
            raise RenderError(f"a {role} message contains the control text {special}")
    return text


def render_segments(messages, add_generation_prompt=False, enable_thinking=True):
    """[(text, written_by_assistant)] whose concatenation is the rendered prompt."""
    segments = []
    for message in messages:
        role = message.get("role")
        if role == "assistant":
            reasoning = message.get("reasoning_content")
            reasoning = reasoning if isinstance(reasoning, str) else ""
            segments.append(("<|im_start|>assistant\n", False))
            segments.append(("<think>" + _check_plain(reasoning, role) + "</think>" +
                             _check_plain(_content(message), role) + "<|im_end|>", True))
        elif role in ("system", "user"):
            segments.append(("<|im_start|>" + role + "\n" + _check_plain(_content(message), role) + "<|im_end|>",
                             False))
        else:
            raise RenderError(f"role {role!r} is not one this demo trains on (system, user, assistant)")
    if add_generation_prompt:
        segments.append(("<|im_start|>assistant\n" + ("" if enable_thinking else "<think></think>"), False))
    return segments


def render_text(messages, add_generation_prompt=False, enable_thinking=True):
    return "".join(text for text, _ in render_segments(messages, add_generation_prompt, enable_thinking))
