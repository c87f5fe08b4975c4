// The WebSocket of a room: opens, says hello, and reconnects by itself with a growing pause
// (0.5 s doubling up to 8 s) unless the server closed it for good (codes 4000 and up).
export class RoomSocket {
  // ``hello()``: the messages to send on every (re)connection; ``onMessage(data)``;
  // ``onStatus(status, delay)`` with status "connecting" | "open" | "reconnecting" (``delay``:
  // milliseconds until the next try) | "closed".
  constructor(room, { hello, onMessage, onStatus }) {
    this.room = room;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.retry = 500;
    this.stopped = false;
    this.ws = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/rooms/${this.room}`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.onopen = () => {
      this.retry = 500;
      this.onStatus("open");
      for (const message of this.hello()) ws.send(JSON.stringify(message));
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.stopped || this.ws !== ws) return;
      if (event.code >= 4000) {
        this.onStatus("closed");
        return;
      }
      this.onStatus("reconnecting", this.retry);
      this.timer = setTimeout(() => !this.stopped && this.ws === ws && this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  // "Try now" while waiting to reconnect.
  retryNow() {
    clearTimeout(this.timer);
    if (!this.stopped && !this.ready) this.restart();
  }

  // A fresh connection (another seat's token, a new language): the old one is dropped.
  restart() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.open();
  }

  get ready() {
    return Boolean(this.ws && this.ws.readyState === WebSocket.OPEN);
  }

  send(message) {
    if (!this.ready) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
