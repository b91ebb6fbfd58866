/** Word lists the seeded generator draws from. Fictional names; real-looking places. */

import type { Location } from '../state/types';

export const FIRST_NAMES = ['Ada', 'Bruno', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nikolai', 'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yusuf', 'Zoe', 'Amara', 'Ben', 'Carla', 'Diego', 'Emma', 'Felix', 'Hannah', 'Ivan', 'Julia', 'Kofi', 'Lena', 'Marco', 'Nora', 'Omar'];
export const MIDDLE_NAMES = ['', '', '', 'J.', 'Marie', 'Lee', 'Ann', 'R.', 'James', ''];
export const LAST_NAMES = ['Abbott', 'Becker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Ibarra', 'Jansen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quintero', 'Rossi', 'Schmidt', 'Tanaka', 'Ueda', 'Varga', 'Walsh', 'Xu', 'Yilmaz', 'Zimmer', 'Brennan', 'Costa', 'Dalton', 'Ferreira', 'Holm', 'Keller', 'Larsen', 'Murphy', 'Novak', 'Ortega', 'Patel', 'Reyes', 'Silva', 'Turner'];

export const COMPANY_PREFIXES = ['Blue', 'North', 'Bright', 'Iron', 'Silver', 'Quantum', 'Green', 'Summit', 'Harbor', 'Crimson', 'Atlas', 'Nimbus', 'Vertex', 'Cobalt', 'Maple', 'Orbit', 'Pioneer', 'Sierra', 'Granite', 'Lumen'];
export const COMPANY_STEMS = ['Ridge', 'Wave', 'Forge', 'Leaf', 'Peak', 'Stone', 'Field', 'Path', 'Grid', 'Loop', 'Bridge', 'Works', 'Labs', 'Point', 'Shift', 'Craft', 'Line', 'Nest', 'Spark', 'Vale'];
export const COMPANY_SUFFIXES = ['Inc', 'LLC', 'Ltd', 'GmbH', 'Corp', 'Group', 'Systems', 'Technologies'];

export const INDUSTRIES = ['Computer Software', 'Information Technology and Services', 'Financial Services', 'Hospital & Health Care', 'Marketing and Advertising', 'Retail', 'Construction', 'Education Management', 'Logistics and Supply Chain', 'Renewables & Environment', 'Telecommunications', 'Biotechnology'];
export const TECHNOLOGIES = ['Salesforce', 'HubSpot', 'AWS', 'Google Cloud', 'Azure', 'Shopify', 'WordPress', 'Zendesk', 'Stripe', 'Snowflake', 'Kubernetes', 'React'];
export const COMPANY_TYPES = ['Privately Held', 'Public Company', 'Partnership', 'Self-Owned', 'Nonprofit'];
export const FUNDING_CLASSES = ['Seed', 'Series A', 'Series B', 'Series C', 'Private Equity', 'Debt Financing'];

export const STAFF_RANGES: { range: string; min: number; max: number }[] = [
  { range: '1-10', min: 1, max: 10 },
  { range: '11-50', min: 11, max: 50 },
  { range: '51-200', min: 51, max: 200 },
  { range: '201-500', min: 201, max: 500 },
  { range: '501-1000', min: 501, max: 1000 },
  { range: '1001-5000', min: 1001, max: 5000 },
  { range: '5001-10000', min: 5001, max: 10000 },
  { range: '10001+', min: 10001, max: 60000 },
];
export const REVENUE_RANGES: { range: string; min: number; max: number }[] = [
  { range: '$0-1M', min: 100_000, max: 1_000_000 },
  { range: '$1-10M', min: 1_000_000, max: 10_000_000 },
  { range: '$10-50M', min: 10_000_000, max: 50_000_000 },
  { range: '$50-100M', min: 50_000_000, max: 100_000_000 },
  { range: '$100-250M', min: 100_000_000, max: 250_000_000 },
  { range: '$250-500M', min: 250_000_000, max: 500_000_000 },
  { range: '$500M-1B', min: 500_000_000, max: 1_000_000_000 },
  { range: '$1B+', min: 1_000_000_000, max: 20_000_000_000 },
];

export const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Finance', 'Human Resources', 'Operations', 'Information Technology', 'Legal', 'Customer Success', 'Product'];
export const SENIORITIES = ['C-Level', 'VP', 'Director', 'Manager', 'Senior', 'Entry Level', 'Mid-Level', 'Other'] as const;

/** Title patterns per seniority; `{d}` is the department. */
export const TITLES: Record<string, string[]> = {
  'C-Level': ['Chief Executive Officer', 'Chief Financial Officer', 'Chief Technology Officer', 'Chief Marketing Officer', 'Chief Operating Officer'],
  VP: ['VP of {d}', 'Vice President, {d}'],
  Director: ['Director of {d}', '{d} Director'],
  Manager: ['{d} Manager', 'Head of {d}'],
  Senior: ['Senior {d} Specialist', 'Senior {d} Analyst'],
  'Entry Level': ['{d} Associate', 'Junior {d} Coordinator'],
  'Mid-Level': ['{d} Specialist', '{d} Analyst'],
  Other: ['{d} Consultant', '{d} Advisor'],
};

/** A seed place: the location fields of spec 2.8 plus the phone prefix numbers there start with. */
export interface Place extends Location {
  phonePrefix: string;
}

export const PLACES: Place[] = [
  { city: 'Austin', state: 'Texas', stateAbbr: 'TX', county: 'Travis County', postCode: '78701', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Chicago', timezoneRawOffset: '-21600', timezoneAbbr: 'CST', phonePrefix: '+1 512' },
  { city: 'Boston', state: 'Massachusetts', stateAbbr: 'MA', county: 'Suffolk County', postCode: '02108', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/New_York', timezoneRawOffset: '-18000', timezoneAbbr: 'EST', phonePrefix: '+1 617' },
  { city: 'San Francisco', state: 'California', stateAbbr: 'CA', county: 'San Francisco County', postCode: '94105', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Los_Angeles', timezoneRawOffset: '-28800', timezoneAbbr: 'PST', phonePrefix: '+1 415' },
  { city: 'Denver', state: 'Colorado', stateAbbr: 'CO', county: 'Denver County', postCode: '80202', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Denver', timezoneRawOffset: '-25200', timezoneAbbr: 'MST', phonePrefix: '+1 303' },
  { city: 'Chicago', state: 'Illinois', stateAbbr: 'IL', county: 'Cook County', postCode: '60601', country: 'United States', countryAbbr: 'US', countryAlpha2: 'US', countryAlpha3: 'USA', countryNumeric: 840, timezone: 'America/Chicago', timezoneRawOffset: '-21600', timezoneAbbr: 'CST', phonePrefix: '+1 312' },
  { city: 'Toronto', state: 'Ontario', stateAbbr: 'ON', county: 'Toronto', postCode: 'M5H 2N2', country: 'Canada', countryAbbr: 'CA', countryAlpha2: 'CA', countryAlpha3: 'CAN', countryNumeric: 124, timezone: 'America/Toronto', timezoneRawOffset: '-18000', timezoneAbbr: 'EST', phonePrefix: '+1 416' },
  { city: 'London', state: 'England', stateAbbr: 'ENG', county: 'Greater London', postCode: 'EC2V 7HH', country: 'United Kingdom', countryAbbr: 'UK', countryAlpha2: 'GB', countryAlpha3: 'GBR', countryNumeric: 826, timezone: 'Europe/London', timezoneRawOffset: '0', timezoneAbbr: 'GMT', phonePrefix: '+44 20' },
  { city: 'Berlin', state: 'Berlin', stateAbbr: 'BE', county: 'Berlin', postCode: '10115', country: 'Germany', countryAbbr: 'DE', countryAlpha2: 'DE', countryAlpha3: 'DEU', countryNumeric: 276, timezone: 'Europe/Berlin', timezoneRawOffset: '3600', timezoneAbbr: 'CET', phonePrefix: '+49 30' },
  { city: 'Paris', state: 'Île-de-France', stateAbbr: 'IDF', county: 'Paris', postCode: '75002', country: 'France', countryAbbr: 'FR', countryAlpha2: 'FR', countryAlpha3: 'FRA', countryNumeric: 250, timezone: 'Europe/Paris', timezoneRawOffset: '3600', timezoneAbbr: 'CET', phonePrefix: '+33 1' },
  { city: 'Sydney', state: 'New South Wales', stateAbbr: 'NSW', county: 'Sydney', postCode: '2000', country: 'Australia', countryAbbr: 'AU', countryAlpha2: 'AU', countryAlpha3: 'AUS', countryNumeric: 36, timezone: 'Australia/Sydney', timezoneRawOffset: '36000', timezoneAbbr: 'AEST', phonePrefix: '+61 2' },
];

export const STREETS = ['Market Street', 'Main Street', 'Harbour Road', 'King Street', 'Park Avenue', 'Station Road', 'Elm Street', 'Queen Street'];
export const EMAIL_LABELS = ['Valid', 'Accept All', 'Unknown', 'Invalid'];
export const PHONE_TYPES = ['Mobile', 'Direct Dial', 'Landline', 'VoIP'];
export const NEWS_TYPES = ['funding', 'product launch', 'hiring', 'partnership', 'award'];
