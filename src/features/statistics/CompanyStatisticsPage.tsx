/** /company-statistics: the statistics dashboard. */
export default function CompanyStatisticsPage() {
  return null;
}
