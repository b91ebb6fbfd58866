import { orgContactSchema, orgContactFieldGroups } from './org-contact';
import { orgCompanySchema } from './org-company';
import { v1DataList } from './envelope';
import { sampleOrgCompany, sampleOrgContact } from './test-fixtures';

describe('org contact (spec 2.8)', () => {
  it('parses a complete sample with every 2.8 field', () => {
    const parsed = orgContactSchema.parse(sampleOrgContact);
    expect(parsed).toEqual(sampleOrgContact);
    // The sample really is complete: it names every schema field and nothing else.
    expect(Object.keys(sampleOrgContact).sort()).toEqual(Object.keys(orgContactSchema.shape).sort());
  });

  it('has the spec field counts: 25 link fields, both locations, the history arrays', () => {
    expect(orgContactFieldGroups.links).toHaveLength(25);
    expect(orgContactFieldGroups.location).toEqual(['contactLocation', 'companyLocation']);
    expect(orgContactFieldGroups.history).toEqual(expect.arrayContaining(['jobHistory', 'newsAndEvents']));
  });

  it('keeps extra fields, top-level and nested', () => {
    const input = {
      ...sampleOrgContact,
      brandNewField: 'x',
      contactLocation: { ...sampleOrgContact.contactLocation, geo: { lat: 1 } },
      jobHistory: [{ companyName: 'A', extra: true }],
    };
    const parsed = orgContactSchema.parse(input);
    expect(parsed.brandNewField).toBe('x');
    expect(parsed.contactLocation?.geo).toEqual({ lat: 1 });
    expect(parsed.jobHistory?.[0].extra).toBe(true);
  });

  it('accepts a sparse record with only the identity fields', () => {
    const sparse = { contactId: '7', createdAt: '2024-01-01T00:00:00Z', updatedAt: '2024-01-01T00:00:00Z' };
    expect(orgContactSchema.parse(sparse)).toEqual(sparse);
  });

  // Issue 15 reverses the old rule (identity fields required, a wrong field fails the record): reading is
  // tolerant, a record without contactId or with an odd field is kept, the odd value as sent.
  it('keeps a record without contactId, and reads a numeric contactId as its text', () => {
    const { contactId: _omit, ...noId } = sampleOrgContact;
    expect(orgContactSchema.parse(noId)).toEqual(noId);
    expect(orgContactSchema.parse({ ...sampleOrgContact, contactId: 1001 }).contactId).toBe('1001');
    expect(orgContactSchema.parse({ ...sampleOrgContact, contactId: 'c-1' }).contactId).toBe('c-1');
  });

  it.each([
    ['companyStaffCount', '250', 250],
    ['companyStaffCount', 2.5, 2.5],
    ['companyStaffCount', '1,000+', '1,000+'],
    ['email1Selected', 'true', true],
    ['companyLatestFundingDate', '2023-09-15T00:00:00Z', '2023-09-15T00:00:00Z'],
    ['updatedAt', '2024-03-02 11:30', '2024-03-02 11:30'],
    ['whois', 'not a url', 'not a url'],
    ['companyLatestFundingClassifications', 'Series A', 'Series A'],
    ['companyFounded', 1843, '1843'],
    ['jobHistory', [{ endedAt: '2021-06-30' }], [{ endedAt: '2021-06-30' }]],
  ])('reads an odd %s (%j) without failing the record: coerced when clear, else kept', (field, value, read) => {
    const parsed = orgContactSchema.parse({ ...sampleOrgContact, [field]: value }) as Record<string, unknown>;
    expect(parsed[field]).toEqual(read);
    expect(parsed.email).toBe(sampleOrgContact.email);
  });

  it('reads an odd nested field the same way', () => {
    const parsed = orgContactSchema.parse({ ...sampleOrgContact, contactLocation: { ...sampleOrgContact.contactLocation, countryNumeric: '840' } });
    expect(parsed.contactLocation?.countryNumeric).toBe(840);
    expect(orgContactSchema.parse({ ...sampleOrgContact, contactLocation: 'Austin, TX' }).contactLocation).toBe('Austin, TX');
  });

  it('parses the v1 read body {data: [...]}', () => {
    expect(v1DataList(orgContactSchema).parse({ data: [sampleOrgContact] }).data).toHaveLength(1);
  });
});

describe('org company (DECISIONS)', () => {
  it('parses a complete sample and keeps extras', () => {
    expect(orgCompanySchema.parse({ ...sampleOrgCompany, extra: 1 })).toEqual({ ...sampleOrgCompany, extra: 1 });
  });

  // Issue 15 reverses the DECISIONS integer: the published staffCount is text ("750"), and a number is read as text.
  it('reads staffCount as text, a number as its text', () => {
    expect(orgCompanySchema.parse({ ...sampleOrgCompany, staffCount: '750' }).staffCount).toBe('750');
    expect(orgCompanySchema.parse({ ...sampleOrgCompany, staffCount: 750 }).staffCount).toBe('750');
  });

  it('keeps a company without companyId (the published record has none)', () => {
    const { companyId: _omit, ...noId } = sampleOrgCompany;
    expect(orgCompanySchema.parse(noId)).toEqual(noId);
  });
});
