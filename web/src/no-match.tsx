import { Link } from './router';

/** An unknown match link: said plainly, with the ways on. */
export function NoMatch({ id }: { id: string }) {
  return (
    <main class="gate missing">
      <h1>No match here</h1>
      <p>There is no match <code>{id}</code>. The link may be mistyped, or the match was never made.</p>
      <p class="links"><Link href="/" class="btn primary">Go to the lobby</Link><Link href="/rules" class="btn">How to play</Link></p>
    </main>
  );
}
