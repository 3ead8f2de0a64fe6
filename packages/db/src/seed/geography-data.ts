/**
 * Demo geography: India's six zones (as its zonal councils group the states), every state and
 * union territory, the Gulf countries as the "states" of the GCC zone (id 13), and a
 * handful of prants, districts and cities where the demo schools are.
 */
export const COUNTRIES = [
  { id: 1, name: "India", code: "IN" },
  { id: 2, name: "Bahrain", code: "BH" },
  { id: 3, name: "Kuwait", code: "KW" },
  { id: 4, name: "Oman", code: "OM" },
  { id: 5, name: "Qatar", code: "QA" },
  { id: 6, name: "Saudi Arabia", code: "SA" },
  { id: 7, name: "United Arab Emirates", code: "AE" },
] as const;

export const GCC_ZONE_ID = 13;

export const ZONES = [
  { id: 1, name: "North Zone", code: "N", countryId: 1 },
  { id: 2, name: "Central Zone", code: "C", countryId: 1 },
  { id: 3, name: "East Zone", code: "E", countryId: 1 },
  { id: 4, name: "West Zone", code: "W", countryId: 1 },
  { id: 5, name: "South Zone", code: "S", countryId: 1 },
  { id: 6, name: "North East Zone", code: "NE", countryId: 1 },
  { id: GCC_ZONE_ID, name: "GCC", code: "GCC", countryId: null },
] as const;

/** zone id → states (India: country 1; GCC: each Gulf country is a state of its own country). */
export const STATES: { zoneId: number; countryId: number; name: string }[] = [
  ...["Haryana", "Himachal Pradesh", "Punjab", "Rajasthan", "Delhi", "Chandigarh", "Jammu and Kashmir", "Ladakh"].map(
    (name) => ({ zoneId: 1, countryId: 1, name }),
  ),
  ...["Chhattisgarh", "Madhya Pradesh", "Uttar Pradesh", "Uttarakhand"].map((name) => ({
    zoneId: 2,
    countryId: 1,
    name,
  })),
  ...["Bihar", "Jharkhand", "Odisha", "West Bengal", "Andaman and Nicobar Islands"].map((name) => ({
    zoneId: 3,
    countryId: 1,
    name,
  })),
  ...["Goa", "Gujarat", "Maharashtra", "Dadra and Nagar Haveli and Daman and Diu"].map((name) => ({
    zoneId: 4,
    countryId: 1,
    name,
  })),
  ...["Andhra Pradesh", "Karnataka", "Kerala", "Tamil Nadu", "Telangana", "Puducherry", "Lakshadweep"].map((name) => ({
    zoneId: 5,
    countryId: 1,
    name,
  })),
  ...["Arunachal Pradesh", "Assam", "Manipur", "Meghalaya", "Mizoram", "Nagaland", "Sikkim", "Tripura"].map((name) => ({
    zoneId: 6,
    countryId: 1,
    name,
  })),
  ...COUNTRIES.filter((c) => c.id !== 1).map((c) => ({ zoneId: GCC_ZONE_ID, countryId: c.id, name: c.name })),
];

/** state → prant → district → cities, where the demo schools are. */
export const LOCAL_TREE: Record<string, Record<string, Record<string, string[]>>> = {
  Maharashtra: {
    Konkan: { "Mumbai City": ["Mumbai"], Thane: ["Thane", "Kalyan"] },
    "Paschim Maharashtra": { Pune: ["Pune", "Pimpri-Chinchwad"], Kolhapur: ["Kolhapur"] },
    Vidarbha: { Nagpur: ["Nagpur"], Amravati: ["Amravati"] },
    Devgiri: { "Chhatrapati Sambhajinagar": ["Chhatrapati Sambhajinagar"] },
  },
  "Uttar Pradesh": {
    Awadh: { Lucknow: ["Lucknow"] },
    Kashi: { Varanasi: ["Varanasi"], Prayagraj: ["Prayagraj"] },
    Meerut: { Ghaziabad: ["Ghaziabad", "Noida"] },
  },
  Karnataka: {
    "Karnataka Dakshin": { "Bengaluru Urban": ["Bengaluru"], Mysuru: ["Mysuru"] },
    "Karnataka Uttar": { Dharwad: ["Hubballi"] },
  },
  Kerala: { Keralam: { Thiruvananthapuram: ["Thiruvananthapuram"], Ernakulam: ["Kochi"], Kozhikode: ["Kozhikode"] } },
  "Tamil Nadu": { "Uttar Tamil Nadu": { Chennai: ["Chennai"] }, "Dakshin Tamil Nadu": { Madurai: ["Madurai"] } },
  Delhi: { Delhi: { "New Delhi": ["New Delhi"], "South Delhi": ["Saket"] } },
  Gujarat: { Gujarat: { Ahmedabad: ["Ahmedabad"], Surat: ["Surat"] } },
  "West Bengal": { "Dakshin Banga": { Kolkata: ["Kolkata"] }, "Uttar Banga": { Darjeeling: ["Siliguri"] } },
  "United Arab Emirates": { Emirates: { Dubai: ["Dubai"], Sharjah: ["Sharjah"], "Abu Dhabi": ["Abu Dhabi"] } },
};

/** The exam language most students of a state write in, and the second most common. */
export const STATE_LANGUAGES: Record<string, readonly string[]> = {
  Maharashtra: ["mr", "en", "hi"],
  "Uttar Pradesh": ["hi", "en", "sa"],
  Karnataka: ["kn", "en"],
  Kerala: ["ml", "en"],
  "Tamil Nadu": ["ta", "en"],
  Delhi: ["hi", "en", "pa"],
  Gujarat: ["gu", "en"],
  "West Bengal": ["bn", "en"],
  "United Arab Emirates": ["en", "ml", "ur", "hi"],
};
