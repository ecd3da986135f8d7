/**
 * Airports the airline serves from MEX. MEX keeps id 2, as the seeds and integrations assume
 * ("airport id 2"). Reference data: changing a name here changes it on the next start.
 */
export const AIRPORTS: ReadonlyArray<{
  id: number;
  code: string;
  name: string;
  city: string;
  country: string;
  /** Set only for a new database: an Admin's later choices in Aeropuertos are not re-applied. */
  active?: boolean;
  coordinationLevel?: number;
}> = [
  { id: 1, code: "GDL", name: "Aeropuerto Internacional de Guadalajara", city: "Guadalajara", country: "MX" },
  {
    id: 2,
    code: "MEX",
    name: "Aeropuerto Internacional de la Ciudad de México",
    city: "Ciudad de México",
    country: "MX",
    // The airport every install holds from the start (issue 37: MEX-only teams see no change).
    active: true,
    coordinationLevel: 3,
  },
  { id: 3, code: "MTY", name: "Aeropuerto Internacional de Monterrey", city: "Monterrey", country: "MX" },
  { id: 4, code: "CUN", name: "Aeropuerto Internacional de Cancún", city: "Cancún", country: "MX" },
  { id: 5, code: "TIJ", name: "Aeropuerto Internacional de Tijuana", city: "Tijuana", country: "MX" },
  { id: 6, code: "MID", name: "Aeropuerto Internacional de Mérida", city: "Mérida", country: "MX" },
  { id: 7, code: "PVR", name: "Aeropuerto Internacional de Puerto Vallarta", city: "Puerto Vallarta", country: "MX" },
  { id: 8, code: "SJD", name: "Aeropuerto Internacional de Los Cabos", city: "San José del Cabo", country: "MX" },
  { id: 9, code: "VER", name: "Aeropuerto Internacional de Veracruz", city: "Veracruz", country: "MX" },
  { id: 10, code: "OAX", name: "Aeropuerto Internacional de Oaxaca", city: "Oaxaca", country: "MX" },
  { id: 11, code: "VSA", name: "Aeropuerto Internacional de Villahermosa", city: "Villahermosa", country: "MX" },
  { id: 12, code: "TAM", name: "Aeropuerto Internacional de Tampico", city: "Tampico", country: "MX" },
  { id: 13, code: "HMO", name: "Aeropuerto Internacional de Hermosillo", city: "Hermosillo", country: "MX" },
  { id: 14, code: "CUL", name: "Aeropuerto Internacional de Culiacán", city: "Culiacán", country: "MX" },
  { id: 15, code: "MZT", name: "Aeropuerto Internacional de Mazatlán", city: "Mazatlán", country: "MX" },
  { id: 16, code: "ACA", name: "Aeropuerto Internacional de Acapulco", city: "Acapulco", country: "MX" },
  { id: 17, code: "CJS", name: "Aeropuerto Internacional de Ciudad Juárez", city: "Ciudad Juárez", country: "MX" },
  { id: 18, code: "CUU", name: "Aeropuerto Internacional de Chihuahua", city: "Chihuahua", country: "MX" },
  { id: 19, code: "TRC", name: "Aeropuerto Internacional de Torreón", city: "Torreón", country: "MX" },
  { id: 20, code: "ZIH", name: "Aeropuerto Internacional de Ixtapa-Zihuatanejo", city: "Zihuatanejo", country: "MX" },
  { id: 21, code: "HUX", name: "Aeropuerto Internacional de Bahías de Huatulco", city: "Huatulco", country: "MX" },
  {
    id: 22,
    code: "CME",
    name: "Aeropuerto Internacional de Ciudad del Carmen",
    city: "Ciudad del Carmen",
    country: "MX",
  },
  { id: 23, code: "TAP", name: "Aeropuerto Internacional de Tapachula", city: "Tapachula", country: "MX" },
  { id: 24, code: "TGZ", name: "Aeropuerto Internacional Ángel Albino Corzo", city: "Tuxtla Gutiérrez", country: "MX" },
  {
    id: 25,
    code: "PXM",
    name: "Aeropuerto Internacional de Puerto Escondido",
    city: "Puerto Escondido",
    country: "MX",
  },
  { id: 26, code: "LAP", name: "Aeropuerto Internacional de La Paz", city: "La Paz", country: "MX" },
  { id: 27, code: "DGO", name: "Aeropuerto Internacional de Durango", city: "Durango", country: "MX" },
  { id: 28, code: "REX", name: "Aeropuerto Internacional de Reynosa", city: "Reynosa", country: "MX" },
  { id: 29, code: "MXL", name: "Aeropuerto Internacional de Mexicali", city: "Mexicali", country: "MX" },
  { id: 30, code: "CZM", name: "Aeropuerto Internacional de Cozumel", city: "Cozumel", country: "MX" },
  { id: 31, code: "SLP", name: "Aeropuerto Internacional de San Luis Potosí", city: "San Luis Potosí", country: "MX" },
  { id: 32, code: "BJX", name: "Aeropuerto Internacional de Guanajuato", city: "León", country: "MX" },
  { id: 33, code: "ZCL", name: "Aeropuerto Internacional de Zacatecas", city: "Zacatecas", country: "MX" },
  { id: 34, code: "CPE", name: "Aeropuerto Internacional de Campeche", city: "Campeche", country: "MX" },
  { id: 35, code: "LAX", name: "Los Angeles International Airport", city: "Los Ángeles", country: "US" },
  { id: 36, code: "LAS", name: "Harry Reid International Airport", city: "Las Vegas", country: "US" },
  { id: 37, code: "MIA", name: "Miami International Airport", city: "Miami", country: "US" },
  { id: 38, code: "ORD", name: "Chicago O'Hare International Airport", city: "Chicago", country: "US" },
  { id: 39, code: "IAH", name: "George Bush Intercontinental Airport", city: "Houston", country: "US" },
  { id: 40, code: "DFW", name: "Dallas Fort Worth International Airport", city: "Dallas", country: "US" },
  { id: 41, code: "SAT", name: "San Antonio International Airport", city: "San Antonio", country: "US" },
  { id: 42, code: "MCO", name: "Orlando International Airport", city: "Orlando", country: "US" },
  { id: 43, code: "JFK", name: "John F. Kennedy International Airport", city: "Nueva York", country: "US" },
  { id: 44, code: "DEN", name: "Denver International Airport", city: "Denver", country: "US" },
  { id: 45, code: "PHX", name: "Phoenix Sky Harbor International Airport", city: "Phoenix", country: "US" },
];
