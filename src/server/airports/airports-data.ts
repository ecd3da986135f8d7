/**
 * Airports the airline serves from MEX. MEX keeps id 2, as the seeds and integrations assume
 * ("airport id 2"). Reference data for a new database: an airport missing from the table is added
 * at the next start, one already there is the Admin's to edit (Aeropuertos) and is left as it is.
 */
export const AIRPORTS: ReadonlyArray<{
  id: number;
  code: string;
  name: string;
  city: string;
  country: string;
  /** The airport's IANA zone (its local time once it is held). */
  timeZone: string;
  /** Set only for a new database: an Admin's later choices in Aeropuertos are not re-applied. */
  active?: boolean;
  coordinationLevel?: number;
}> = [
  { id: 1, code: "GDL", name: "Aeropuerto Internacional de Guadalajara", city: "Guadalajara", country: "MX", timeZone: "America/Mexico_City" },
  {
    id: 2,
    code: "MEX",
    name: "Aeropuerto Internacional de la Ciudad de México",
    city: "Ciudad de México",
    country: "MX", timeZone: "America/Mexico_City",
    // The airport every install holds from the start (issue 37: MEX-only teams see no change).
    active: true,
    coordinationLevel: 3,
  },
  { id: 3, code: "MTY", name: "Aeropuerto Internacional de Monterrey", city: "Monterrey", country: "MX", timeZone: "America/Monterrey" },
  { id: 4, code: "CUN", name: "Aeropuerto Internacional de Cancún", city: "Cancún", country: "MX", timeZone: "America/Cancun" },
  { id: 5, code: "TIJ", name: "Aeropuerto Internacional de Tijuana", city: "Tijuana", country: "MX", timeZone: "America/Tijuana" },
  { id: 6, code: "MID", name: "Aeropuerto Internacional de Mérida", city: "Mérida", country: "MX", timeZone: "America/Merida" },
  { id: 7, code: "PVR", name: "Aeropuerto Internacional de Puerto Vallarta", city: "Puerto Vallarta", country: "MX", timeZone: "America/Bahia_Banderas" },
  { id: 8, code: "SJD", name: "Aeropuerto Internacional de Los Cabos", city: "San José del Cabo", country: "MX", timeZone: "America/Mazatlan" },
  { id: 9, code: "VER", name: "Aeropuerto Internacional de Veracruz", city: "Veracruz", country: "MX", timeZone: "America/Mexico_City" },
  { id: 10, code: "OAX", name: "Aeropuerto Internacional de Oaxaca", city: "Oaxaca", country: "MX", timeZone: "America/Mexico_City" },
  { id: 11, code: "VSA", name: "Aeropuerto Internacional de Villahermosa", city: "Villahermosa", country: "MX", timeZone: "America/Mexico_City" },
  { id: 12, code: "TAM", name: "Aeropuerto Internacional de Tampico", city: "Tampico", country: "MX", timeZone: "America/Monterrey" },
  { id: 13, code: "HMO", name: "Aeropuerto Internacional de Hermosillo", city: "Hermosillo", country: "MX", timeZone: "America/Hermosillo" },
  { id: 14, code: "CUL", name: "Aeropuerto Internacional de Culiacán", city: "Culiacán", country: "MX", timeZone: "America/Mazatlan" },
  { id: 15, code: "MZT", name: "Aeropuerto Internacional de Mazatlán", city: "Mazatlán", country: "MX", timeZone: "America/Mazatlan" },
  { id: 16, code: "ACA", name: "Aeropuerto Internacional de Acapulco", city: "Acapulco", country: "MX", timeZone: "America/Mexico_City" },
  { id: 17, code: "CJS", name: "Aeropuerto Internacional de Ciudad Juárez", city: "Ciudad Juárez", country: "MX", timeZone: "America/Ciudad_Juarez" },
  { id: 18, code: "CUU", name: "Aeropuerto Internacional de Chihuahua", city: "Chihuahua", country: "MX", timeZone: "America/Chihuahua" },
  { id: 19, code: "TRC", name: "Aeropuerto Internacional de Torreón", city: "Torreón", country: "MX", timeZone: "America/Monterrey" },
  { id: 20, code: "ZIH", name: "Aeropuerto Internacional de Ixtapa-Zihuatanejo", city: "Zihuatanejo", country: "MX", timeZone: "America/Mexico_City" },
  { id: 21, code: "HUX", name: "Aeropuerto Internacional de Bahías de Huatulco", city: "Huatulco", country: "MX", timeZone: "America/Mexico_City" },
  {
    id: 22,
    code: "CME",
    name: "Aeropuerto Internacional de Ciudad del Carmen",
    city: "Ciudad del Carmen",
    country: "MX", timeZone: "America/Merida",
  },
  { id: 23, code: "TAP", name: "Aeropuerto Internacional de Tapachula", city: "Tapachula", country: "MX", timeZone: "America/Mexico_City" },
  { id: 24, code: "TGZ", name: "Aeropuerto Internacional Ángel Albino Corzo", city: "Tuxtla Gutiérrez", country: "MX", timeZone: "America/Mexico_City" },
  {
    id: 25,
    code: "PXM",
    name: "Aeropuerto Internacional de Puerto Escondido",
    city: "Puerto Escondido",
    country: "MX", timeZone: "America/Mexico_City",
  },
  { id: 26, code: "LAP", name: "Aeropuerto Internacional de La Paz", city: "La Paz", country: "MX", timeZone: "America/Mazatlan" },
  { id: 27, code: "DGO", name: "Aeropuerto Internacional de Durango", city: "Durango", country: "MX", timeZone: "America/Monterrey" },
  { id: 28, code: "REX", name: "Aeropuerto Internacional de Reynosa", city: "Reynosa", country: "MX", timeZone: "America/Matamoros" },
  { id: 29, code: "MXL", name: "Aeropuerto Internacional de Mexicali", city: "Mexicali", country: "MX", timeZone: "America/Tijuana" },
  { id: 30, code: "CZM", name: "Aeropuerto Internacional de Cozumel", city: "Cozumel", country: "MX", timeZone: "America/Cancun" },
  { id: 31, code: "SLP", name: "Aeropuerto Internacional de San Luis Potosí", city: "San Luis Potosí", country: "MX", timeZone: "America/Mexico_City" },
  { id: 32, code: "BJX", name: "Aeropuerto Internacional de Guanajuato", city: "León", country: "MX", timeZone: "America/Mexico_City" },
  { id: 33, code: "ZCL", name: "Aeropuerto Internacional de Zacatecas", city: "Zacatecas", country: "MX", timeZone: "America/Mexico_City" },
  { id: 34, code: "CPE", name: "Aeropuerto Internacional de Campeche", city: "Campeche", country: "MX", timeZone: "America/Merida" },
  { id: 35, code: "LAX", name: "Los Angeles International Airport", city: "Los Ángeles", country: "US", timeZone: "America/Los_Angeles" },
  { id: 36, code: "LAS", name: "Harry Reid International Airport", city: "Las Vegas", country: "US", timeZone: "America/Los_Angeles" },
  { id: 37, code: "MIA", name: "Miami International Airport", city: "Miami", country: "US", timeZone: "America/New_York" },
  { id: 38, code: "ORD", name: "Chicago O'Hare International Airport", city: "Chicago", country: "US", timeZone: "America/Chicago" },
  { id: 39, code: "IAH", name: "George Bush Intercontinental Airport", city: "Houston", country: "US", timeZone: "America/Chicago" },
  { id: 40, code: "DFW", name: "Dallas Fort Worth International Airport", city: "Dallas", country: "US", timeZone: "America/Chicago" },
  { id: 41, code: "SAT", name: "San Antonio International Airport", city: "San Antonio", country: "US", timeZone: "America/Chicago" },
  { id: 42, code: "MCO", name: "Orlando International Airport", city: "Orlando", country: "US", timeZone: "America/New_York" },
  { id: 43, code: "JFK", name: "John F. Kennedy International Airport", city: "Nueva York", country: "US", timeZone: "America/New_York" },
  { id: 44, code: "DEN", name: "Denver International Airport", city: "Denver", country: "US", timeZone: "America/Denver" },
  { id: 45, code: "PHX", name: "Phoenix Sky Harbor International Airport", city: "Phoenix", country: "US", timeZone: "America/Phoenix" },
];
