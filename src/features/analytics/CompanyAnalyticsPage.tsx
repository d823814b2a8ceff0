/** /company-analytics: the analytics report. */
export default function CompanyAnalyticsPage() {
  return null;
}
