import type { AuditEntityType } from '../../../src/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { adminCrudRoutes } from '../../lib/admin-crud-routes';
import { parse } from '../../lib/validate';
import {
  categoryBody, categoryIdQuery, categoryServiceBody, subCategoryBody, subCategoryIdQuery, subCategoryServiceBody,
} from './schemas';
import { taxonomyService } from './service';

/** The service taxonomy's tables: reads are public, writes need the Admin role. */
export function taxonomyRoutes(app: FastifyInstance, deps: AppDeps) {
  const taxonomy = taxonomyService(deps.db, deps.clock);
  const audit = (entityType: AuditEntityType) => ({ clock: deps.clock, entityType });

  adminCrudRoutes(app, '/category', {
    audit: audit('category'),
    crud: taxonomy.categories, body: categoryBody,
    list: () => taxonomy.listCategories(),
  });
  adminCrudRoutes(app, '/subcategory', {
    audit: audit('subcategory'),
    crud: taxonomy.subCategories, body: subCategoryBody,
    list: (request) => taxonomy.listSubCategories(parse(categoryIdQuery, request.query, 'query').categoryId),
  });
  adminCrudRoutes(app, '/categoryService', {
    audit: audit('category-service'),
    crud: taxonomy.categoryServices, body: categoryServiceBody,
    list: (request) => taxonomy.listCategoryServices(parse(categoryIdQuery, request.query, 'query').categoryId),
  });
  adminCrudRoutes(app, '/subCategoryService', {
    audit: audit('subcategory-service'),
    crud: taxonomy.subCategoryServices, body: subCategoryServiceBody,
    list: (request) => taxonomy.listSubCategoryServices(parse(subCategoryIdQuery, request.query, 'query').subCategoryId),
  });
}
