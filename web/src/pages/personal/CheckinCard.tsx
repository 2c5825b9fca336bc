/**
 * The personal page's daily check-in (docs/subscriptions.md "Check-in"), as a column of the page's left row
 * (nothing at all while check-in is off, so no empty gap is left).
 */
export function CheckinCard() {
  return null;
}
