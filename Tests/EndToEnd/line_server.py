"""What the scripted servers share (`history_server.py`, `bouncer_networks_server.py`,
`fake_sasl_server.py`): a connection's lines as the client writes them, and a line's tags."""


def lines(connection):
    """Each line written on `connection`, CR LF taken off and decoded leniently, until the
    connection closes or fails."""
    buffer = b""
    while True:
        try:
            data = connection.recv(65536)
        except OSError:
            return
        if not data:
            return
        buffer += data
        while b"\r\n" in buffer:
            raw, buffer = buffer.split(b"\r\n", 1)
            yield raw.decode(errors="replace")


def split_tags(line):
    """A line's tags and the rest: `@a=1;b :x y` gives `({"a": "1", "b": ""}, ":x y")`."""
    if not line.startswith("@"):
        return {}, line
    tag_text, _, rest = line[1:].partition(" ")
    return dict(part.split("=", 1) if "=" in part else (part, "")
                for part in tag_text.split(";")), rest
