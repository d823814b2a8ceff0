/** Placeholder while this screen is being built in this session; replaced before the issue closes. */
export default function RegionsAdminPage() {
  return null;
}
