import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Top level of the service taxonomy (spec 3 §3). image_uri is a file id. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  imageUri: uuid('image_uri'),
  sortOrder: integer('sort_order').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subCategories = pgTable('sub_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  shortDescription: text('short_description').notNull().default(''),
  description: text('description').notNull().default(''),
  imageUri: uuid('image_uri'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sub_categories_category_idx').on(t.categoryId)]);

export const categoryServices = pgTable('category_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  groupName: text('group_name').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('category_services_category_idx').on(t.categoryId)]);

export const subCategoryServices = pgTable('sub_category_services', {
  id: uuid('id').primaryKey().defaultRandom(),
  subCategoryId: uuid('sub_category_id').notNull().references(() => subCategories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  groupName: text('group_name').notNull().default(''),
  shortDescription: text('short_description').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sub_category_services_sub_category_idx').on(t.subCategoryId)]);
