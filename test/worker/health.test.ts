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
    const stub = env.MATCH.getByName("x");
    const res = await stub.fetch("http://darkmoor.test/");
    expect(res.status).toBe(501);
    await res.body?.cancel();
  });
});
