"""Reads what Orca logged for one step out of its debug log."""
import re

SPEECH = re.compile(r"SPEECH OUTPUT: '(.*?)' ?(\[?\{'established'[^\n]*)\n", re.S)
SPEAKING = re.compile(r"SPEECH DISPATCHER: Speaking '(.*?)' ?\n", re.S)
BRAILLE = re.compile(r"BRAILLE LINE:  '(.*?)'\n[^\n]*?VISIBLE:  '(.*?)', cursor=(-?\d+)\n", re.S)
PITCH = re.compile(r"'average-pitch': ([0-9.]+)")
MARK = re.compile(r"<mark name=\"[^\"]*\"/>")


def unmark(ssml):
    """The text of an SSML string Orca handed to speech-dispatcher."""
    text = MARK.sub("", ssml)
    if text.startswith("<speak>") and text.endswith("</speak>"):
        text = text[len("<speak>"):-len("</speak>")]
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'").replace("&amp;", "&")


def parse(chunk):
    """The utterances and braille lines in a piece of the debug log, in order.

    Each utterance: its text, the voice's average pitch when Orca set one, and the text handed
    to speech-dispatcher (`spd`) when it was sent as a message; a single character Orca sends
    as an SSIP CHAR has no log line of its own, and `spd` is then null.
    """
    events = []
    for match in SPEECH.finditer(chunk):
        events.append((match.start(), "speech", match))
    for match in SPEAKING.finditer(chunk):
        events.append((match.start(), "spd", match))
    for match in BRAILLE.finditer(chunk):
        events.append((match.start(), "braille", match))
    events.sort(key=lambda event: event[0])
    speech, braille = [], []
    for _, kind, match in events:
        if kind == "speech":
            pitch = PITCH.search(match.group(2))
            speech.append({"text": match.group(1), "pitch": float(pitch.group(1)) if pitch else None, "spd": None})
        elif kind == "spd":
            if speech and speech[-1]["spd"] is None:
                speech[-1]["spd"] = unmark(match.group(1))
        else:
            entry = {"line": match.group(1), "visible": match.group(2), "cursor": int(match.group(3))}
            if not braille or braille[-1] != entry:
                braille.append(entry)
    return speech, braille
