export default function CompanyListingsView(_: { companyId: string }) { return null; }
