import { ServicesAdminPage } from './ServicesAdminPage';

/** /admin/subcategory-services (spec 3 §2). */
export default function SubCategoryServicesAdminPage() {
  return <ServicesAdminPage kind="subCategory" />;
}
