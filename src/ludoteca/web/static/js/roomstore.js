// A room as the play page knows it: everything the server said, folded by one reducer. The page
// and its panels read the store's state; only the reducer makes a new one.

// The state before the server said anything.
export function emptyRoom() {
  return {
    seat: null, // the seat this socket holds (null: a spectator), from the welcome
    offset: 0, // the server's clock minus this browser's, in seconds
    room: null, // the room's public facts (latest of welcome, state, presence)
    message: null, // the latest state message: observation, picture, move, can_undo, hint
    previous: null, // the state message before it
    moved: false, // the latest state is a new position (not the same one again)
    chat: [], // the room's chat messages, oldest first
    chatNews: { messages: [], replace: false }, // what the latest chat message added
    rematchOffer: null, // {room, seat, token, game}: this seat's place in the rematch
    error: null, // the latest refusal
    welcomed: false,
  };
}

const CHAT_KEPT = 300; // chat messages kept in the state

// The one reducer: the state after the server's ``message`` (``now``: this browser's clock in
// seconds, passed in so that the reducer stays a pure function).
export function reduce(state, message, now = Date.now() / 1000) {
  switch (message.type) {
    case "welcome":
      return {
        ...state,
        welcomed: true,
        seat: message.seat,
        offset: message.now - now,
        room: state.message ? state.room : message.room,
        chat: (message.chat || []).slice(-CHAT_KEPT),
        chatNews: { messages: message.chat || [], replace: true },
        rematchOffer: message.rematch || null,
        error: null,
      };
    case "state": {
      const moved = !!state.message && message.move !== state.message.move;
      return { ...state, previous: state.message, message, moved, room: message.room, error: null };
    }
    case "presence": {
      if (!state.message) return state;
      const room = { ...state.room, online: message.online, spectators: message.spectators, claim_at: "claim_at" in message ? message.claim_at : state.room.claim_at };
      return { ...state, room, message: { ...state.message, room } };
    }
    case "rematch_votes": {
      // a seat asked for a rematch (or turned it down): only the votes change
      if (!state.message) return state;
      const room = { ...state.room, rematch: { ...state.room.rematch, votes: message.votes } };
      return { ...state, room, message: { ...state.message, room } };
    }
    case "chat":
      return {
        ...state,
        chat: state.chat.concat(message.messages).slice(-CHAT_KEPT),
        chatNews: { messages: message.messages, replace: false },
      };
    case "chat_hidden": { // an administrator hid a line: it goes from every chat
      const chat = state.chat.filter((m) => m.id !== message.id);
      return { ...state, chat, chatNews: { messages: chat, replace: true } };
    }
    case "rematch":
      return { ...state, rematchOffer: { room: message.room, seat: message.seat, token: message.token, game: message.game } };
    case "error":
      return { ...state, error: message };
    default: // ack, and kinds this client does not know
      return state;
  }
}

// The store: holds the state, folds each message in and tells who listens (with the state
// before, and the message).
export class RoomStore {
  constructor() {
    this.state = emptyRoom();
    this.listeners = [];
  }

  subscribe(listener) {
    this.listeners.push(listener);
  }

  dispatch(message) {
    const before = this.state;
    this.state = reduce(before, message);
    for (const listener of this.listeners) listener(this.state, before, message);
  }
}
