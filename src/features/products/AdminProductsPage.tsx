/** /admin/products: the product catalogue (issue 14, built by its feature). */
export default function AdminProductsPage() {
  return null;
}
