// What this browser remembers: the seats it holds (their tokens), in localStorage.

export const mine = {
  all() {
    try {
      return JSON.parse(localStorage.getItem("ludoteca.seats") || "[]");
    } catch {
      return [];
    }
  },
  save(list) {
    localStorage.setItem("ludoteca.seats", JSON.stringify(list));
  },
  add(entry) {
    const list = mine.all().filter((e) => !(e.room === entry.room && e.seat === entry.seat));
    list.unshift({ ...entry, at: Date.now() });
    mine.save(list.slice(0, 100));
  },
  forRoom(room) {
    return mine.all().filter((e) => e.room === room);
  },
  drop(room) {
    mine.save(mine.all().filter((e) => e.room !== room));
  },
};

// The lobby's store, one per lobby page: what the server said of rooms, requests for a game,
// who is online and the account's games, and this page's own request. Parts listen to it.
export function lobbyStore() {
  const listeners = new Set();
  const store = {
    rooms: null, seeks: [], online: null, account: null, seeking: null, left: false,
    set(part, value) {
      store[part] = value;
      for (const listener of listeners) listener(part);
    },
    on(listener) {
      listeners.add(listener);
    },
  };
  return store;
}

// The lessons this browser followed (localStorage): per game, the step reached, the moves
// accepted at the steps before it and whether the lesson was finished once.
export const lessons = {
  all() {
    try {
      const found = JSON.parse(localStorage.getItem("ludoteca.lessons") || "{}");
      return found && typeof found === "object" ? found : {};
    } catch {
      return {};
    }
  },
  get(game) {
    const entry = lessons.all()[game];
    const valid = entry && Number.isInteger(entry.step) && Array.isArray(entry.actions);
    return valid ? entry : { step: 0, actions: [], done: false };
  },
  save(game, entry) {
    localStorage.setItem("ludoteca.lessons", JSON.stringify({ ...lessons.all(), [game]: entry }));
  },
};
