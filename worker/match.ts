import { DurableObject } from "cloudflare:workers";

/**
 * One Durable Object per match. Placeholder: the real implementation
 * (game state, WebSockets, persistence) replaces this.
 */
export class Match extends DurableObject<Env> {
  override async fetch(_request: Request): Promise<Response> {
    return Response.json({ error: "not implemented" }, { status: 501 });
  }
}
