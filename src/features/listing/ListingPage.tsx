/** Placeholder while the screen is being built (replaced in this change). */
export default function Page() {
  return null;
}
