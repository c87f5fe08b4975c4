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
