/**
 * What a sheet's column may be called when it holds a research field (compared lower-case, without spaces, "_" or
 * "-"): the enrichment reads rows by these (apps-script/src/research/targets.ts), and the "Run an operation" panel
 * offers them as the columns that fill a research contact or company per row.
 */
export const RESEARCH_COLUMN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  searchResultId: ['searchresultid'],
  contactName: ['contactname', 'fullname', 'name'],
  firstName: ['firstname'],
  lastName: ['lastname'],
  companyName: ['companyname', 'company'],
  domain: ['domain', 'companydomain', 'website'],
  email: ['email', 'emailaddress'],
  title: ['title', 'jobtitle'],
  liProfileUrl: ['liprofileurl', 'linkedin', 'linkedinurl', 'profileurl'],
};

/** A header as the aliases are written. */
export const squashHeader = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');
