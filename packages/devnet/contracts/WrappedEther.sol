// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// Wrapped Ether for the devnet's AMM: 1 WETH per wei deposited, redeemable at any time. Deposits
/// and withdrawals are ERC-20 mints and burns, so an indexer sees them as Transfer events.
contract WrappedEther is ERC20 {
    error EtherTransferFailed();

    constructor() ERC20("Wrapped Ether", "WETH") {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        (bool sent, ) = msg.sender.call{value: amount}("");
        if (!sent) revert EtherTransferFailed();
    }
}
