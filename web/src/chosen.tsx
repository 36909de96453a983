// The mark of a chosen deal: the match's creator picked its seed, so could know every hand.
export function ChosenDeal({ seeded }: { seeded: boolean | undefined }) {
  if (!seeded) return null;
  return <p class="banner chosen" role="note"><b>Chosen deal:</b> this match was dealt from a seed its creator picked.</p>;
}
