import { ServicesAdminPage } from './ServicesAdminPage';

/** /admin/category-services (spec 3 §2). */
export default function CategoryServicesAdminPage() {
  return <ServicesAdminPage kind="category" />;
}
