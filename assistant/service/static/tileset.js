// A player's own tile set (教它认我的牌): made on first use by POST /api/tilesets and kept in this
// browser (its id and secret in localStorage, as the table page keeps its tables); taught from a
// layout photo, given corrections one tile at a time (each can be undone), and named in every
// photo the pages send (the form field ``tileset``).
"use strict";

const MY_TILESET_KEY = "mj-tileset";

const MyTileset = {
  /** The set this browser keeps ({id, secret}), or null. */
  saved() {
    try {
      const t = JSON.parse(localStorage.getItem(MY_TILESET_KEY) || "null");
      return t && typeof t.id === "string" && typeof t.secret === "string" ? t : null;
    } catch (e) { return null; }
  },
  keep(made) {
    try { localStorage.setItem(MY_TILESET_KEY, JSON.stringify({ id: made.id, secret: made.secret })); } catch (e) { /* private mode */ }
  },
  forget() {
    try { localStorage.removeItem(MY_TILESET_KEY); } catch (e) { /* private mode */ }
  },
  headers(t) { return { Authorization: `Bearer ${t.secret}` }; },
  /** The kept set, made now when there is none (or the service no longer has it). */
  async ensure() {
    const t = this.saved();
    if (t) return t;
    this.keep(await api("/api/tilesets", { method: "POST" }));
    return this.saved();
  },
  /** Name the kept set in a photo's form. */
  addTo(form) {
    const t = this.saved();
    if (t) form.append("tileset", t.id);
  },
  /** What the kept set has learnt, or null (none kept, or gone from the service: forgotten). */
  async summary() {
    const t = this.saved();
    if (!t) return null;
    try { return await api(`/api/tilesets/${encodeURIComponent(t.id)}`); } catch (err) {
      if (err.status === 404) this.forget();
      return null;
    }
  },
  /** Run ``call(t)`` on the kept set; a set the service no longer has is made again once. */
  async _write(call) {
    let t = await this.ensure();
    try { return await call(t); } catch (err) {
      if (err.status !== 404 && err.status !== 403) throw err;
      this.forget();
      t = await this.ensure();
      return call(t);
    }
  },
  /** Learn a layout photo whose tiles are ``tiles`` in reading order. */
  learn(file, tiles) {
    return this._write((t) => {
      const form = new FormData();
      form.append("image", file);
      form.append("tiles", tiles);
      return api(`/api/tilesets/${t.id}/learn`, { form, headers: this.headers(t) });
    });
  },
  /** Keep the tile in ``box`` (x1, y1, x2, y2) of the photo ``file`` as an example of ``tile``. */
  remember(file, box, tile) {
    return this._write((t) => {
      const form = new FormData();
      form.append("image", file);
      form.append("box", box.map((v) => Math.round(v * 10) / 10).join(","));
      form.append("tile", tile);
      return api(`/api/tilesets/${t.id}/examples`, { form, headers: this.headers(t) });
    });
  },
  /** Take back the example ``id``. */
  async undo(id) {
    const t = this.saved();
    if (!t) return null;
    return api(`/api/tilesets/${t.id}/examples/${id}`, { method: "DELETE", headers: this.headers(t) });
  },
};
