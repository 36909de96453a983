import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("worker", () => {
  it("GET /api/health answers { ok: true }", async () => {
    const res = await exports.default.fetch("http://darkmoor.test/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("routes requests to the Match Durable Object", async () => {
    // A match object that was never created knows no match.
    const stub = env.MATCH.getByName("x");
    const res = await stub.fetch("http://darkmoor.test/");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
  });
});
