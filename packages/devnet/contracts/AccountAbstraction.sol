// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

// ERC-4337 on the devnet: the v0.7 EntryPoint, the sample SimpleAccount factory (the frame's
// smart account) and the sample verifying paymaster (the demo's sponsored user operations), all
// from @account-abstraction/contracts, compiled as published.
import "@account-abstraction/contracts/core/EntryPoint.sol";
import "@account-abstraction/contracts/samples/SimpleAccountFactory.sol";
import "@account-abstraction/contracts/samples/VerifyingPaymaster.sol";
