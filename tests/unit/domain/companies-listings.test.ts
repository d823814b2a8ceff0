import { describe, expect, it } from 'vitest';
import { type CompanyInput, COMPANY_LIMITS, validateCompany } from '../../../src/domain/companies';
import { ListingMessages, savedVideoLinks, validateListing } from '../../../src/domain/listings';

const company = (over: Partial<CompanyInput> = {}): CompanyInput => ({
  name: 'Fjord Events AS', shortDescription: 'Weddings by the fjord', description: '', logoImageUri: null, bannerImageUri: null,
  organizationNumber: '', websiteUrl: '', facebookUrl: '', instagramUrl: '', twitterUrl: '', youtubeUrl: '', phoneNumber: '', email: '',
  ...over,
});
const messages = (input: CompanyInput) => validateCompany(input).map((e) => `${e.field}: ${e.message}`);

describe('the company form rules (spec 2 §5)', () => {
  it('accepts a company with only a name and a short description', () => {
    expect(validateCompany(company())).toEqual([]);
  });

  it('requires the name and the short description, blank counting as empty', () => {
    expect(messages(company({ name: '  ', shortDescription: '' }))).toEqual([
      'name: Name is required', 'shortDescription: Short Description is required',
    ]);
  });

  it('allows digits only in the organization number, and phone characters only in the phone', () => {
    expect(messages(company({ organizationNumber: '912 345 678', phoneNumber: '+47 (912) 34-567' }))).toEqual([
      'organizationNumber: Organization number must contain digits only',
    ]);
    expect(messages(company({ organizationNumber: '912345678', phoneNumber: '912 34 567 ext. 2' }))).toEqual([
      'phoneNumber: Phone number may contain only digits, +, -, spaces and parentheses',
    ]);
  });

  it('names each bad address as the spec does, and accepts http(s) ones', () => {
    expect(messages(company({
      websiteUrl: 'fjord.no', facebookUrl: 'javascript:alert(1)', instagramUrl: 'ftp://x.no', twitterUrl: 'https://', youtubeUrl: 'http://',
    }))).toEqual([
      'websiteUrl: WEBSITE is not a valid URL', 'facebookUrl: FACEBOOK is not a valid URL', 'instagramUrl: INSTAGRAM is not a valid URL',
      'twitterUrl: TWITTER is not a valid URL', 'youtubeUrl: YOUTUBE is not a valid URL',
    ]);
    expect(validateCompany(company({ websiteUrl: 'https://fjord.no', youtubeUrl: 'http://youtube.com/@fjord' }))).toEqual([]);
  });

  it('refuses texts over their limits and a malformed email', () => {
    expect(messages(company({ name: 'x'.repeat(COMPANY_LIMITS.name + 1), email: 'post@' }))).toEqual([
      `name: Must be at most ${COMPANY_LIMITS.name} characters`, 'email: Please enter a valid email address',
    ]);
  });
});

describe('the listing form rules (spec 2 §5)', () => {
  const base = { companyId: 'c', name: 'Fjord venue', shortDescription: 'A venue by the water', categoryId: 'k', subCategoryId: 's' };
  const first = (over: Partial<typeof base>) => validateListing({ ...base, ...over }).map((e) => e.message);

  it('gives the spec messages for the name and the short description', () => {
    expect(validateListing(base)).toEqual([]);
    expect(first({ name: '' })).toEqual([ListingMessages.NameRequired]);
    expect(first({ name: 'ab' })).toEqual(['Name must be at least 3 characters.']);
    expect(first({ name: 'x'.repeat(51) })).toEqual(['Name must be less than 50 characters.']);
    expect(first({ name: 'x'.repeat(50) })).toEqual([]);
    expect(first({ shortDescription: ' ' })).toEqual(['Short description is required.']);
    expect(first({ shortDescription: 'too short' })).toEqual(['Short description must be at least 10 characters.']);
    expect(first({ shortDescription: 'x'.repeat(151) })).toEqual(['Short description must be less than 150 characters.']);
  });

  it('requires a category, a sub-category and a company', () => {
    expect(first({ categoryId: '', subCategoryId: '', companyId: '' })).toEqual([
      'Category is required.', 'Subcategory is required.', 'A company is required.',
    ]);
  });

  it('keeps the supported video links, each video once, dropping empty and invalid ones', () => {
    expect(savedVideoLinks([
      '', '  ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871',
      'https://player.vimeo.com/video/76979871', 'https://www.youtube.com/watch?v=short', 'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ])).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871',
    ]);
  });
});
