// A new room, from the lobby's form or at the end of a lesson: created with the seats as
// chosen (``{kind: "me" | "bot" | "invite" | "open", bot, name}``), the player's own seats
// claimed at once (their tokens are this browser's alone), friends' invitations kept with
// the host token that can replace them; then the room is shown.
import { api } from "./api.js";
import { go } from "./router.js";
import { mine } from "./store.js";

export async function openRoom(game, options, seats, settings = {}) {
  const myName = localStorage.getItem("ludoteca.name") || "";
  const specs = seats.map((seat) => {
    if (seat.kind === "bot") return { kind: "bot", bot: seat.bot };
    if (seat.kind === "me") return { kind: "person", name: myName };
    if (seat.kind === "invite") return { kind: "person", name: seat.name || "" };
    return { kind: "open" };
  });
  const made = await api("/api/rooms", { json: { game, options, seats: specs, ...settings } });
  const claims = seats.map(async (seat, i) => {
    const token = made.tokens[String(i)];
    if (!token) return;
    if (seat.kind === "invite") {
      mine.add({ room: made.room, seat: i, token, game, invite: true, host: made.host });
      return;
    }
    const claimed = await api(`/api/rooms/${made.room}/claim`, { json: { seat: i, token } });
    mine.add({ room: made.room, seat: i, token: claimed.token, game });
  });
  await Promise.all(claims);
  go(`/room/${made.room}`);
}
