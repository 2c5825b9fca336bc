/** Route /subscriptions (administrators): subscription plans and users' subscriptions (docs/subscriptions.md). */
export function SubscriptionsPage() {
  return null;
}
