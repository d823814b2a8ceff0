export { uuidParam as companyIdParam } from '../../lib/validate';
