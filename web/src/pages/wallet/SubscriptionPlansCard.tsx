/** The wallet's subscription plans: the user's subscriptions and the plans to buy (docs/subscriptions.md). */
export function SubscriptionPlansCard() {
  return null;
}
