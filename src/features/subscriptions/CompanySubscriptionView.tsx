/** The company's Subscriptions view: plans, the current plan and its tokens, checkout. */
export default function CompanySubscriptionView(_props: { companyId: string }) {
  return null;
}
