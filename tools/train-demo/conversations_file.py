"""Reads a conversations JSONL file: each line an object with "messages" (OpenAI
form) or a bare messages array. Errors name the file and line."""
import json


class ConversationsError(Exception):
    pass


def read_conversations(path):
    records = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as e:
                    raise ConversationsError(f"{path}:{number}: not JSON ({e})") from None
                if isinstance(record, list):
                    record = {"messages": record}
                if not isinstance(record, dict) or not isinstance(record.get("messages"), list):
                    raise ConversationsError(f"{path}:{number}: expected an object with a \"messages\" array")
                records.append(record)
    except OSError as e:
        raise ConversationsError(f"{path}: cannot read ({e})") from None
    return records
