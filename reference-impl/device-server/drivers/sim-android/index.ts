// Entry module of the simulated Android driver package (`main` in package.json); the
// server takes the class named by `vendor.mainClass`.
export { SimAndroidDriver } from './sim-android-driver.ts';
export { deviceFor, resetDevices } from './simulated-device.ts';
