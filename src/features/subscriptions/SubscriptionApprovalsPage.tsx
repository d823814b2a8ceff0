/** /admin/approvals/subscriptions: subscriptions needing attention. */
export default function SubscriptionApprovalsPage() {
  return null;
}
